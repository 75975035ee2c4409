import type { ReactNode, SelectHTMLAttributes } from "react";
import { SelectField } from "~/components/ui/forms";

/** The time-zone <select> of Settings and sign-up: every zone the runtime knows, UTC first. */
export function TimeZoneSelect({
  label,
  hint,
  errors,
  selectProps,
  timeZones,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | null;
  selectProps: SelectHTMLAttributes<HTMLSelectElement>;
  timeZones: readonly string[];
}) {
  return (
    <SelectField label={label} hint={hint} errors={errors} selectProps={selectProps}>
      {timeZones.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replace(/_/g, " ")}
        </option>
      ))}
    </SelectField>
  );
}
