/**
 * A field people never see or reach (hidden, out of the tab order, unlabelled for screen
 * readers): a bot that fills in every field fills it, and the form's action then thanks it
 * without doing anything. Used by every public form.
 */
export function Honeypot() {
  return (
    <div className="hidden" aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
