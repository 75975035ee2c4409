import { useEffect, useRef } from "react";

/**
 * Keeps the keyboard's place in a document's lines when "Add item" or "Remove" (conform list
 * buttons) changes them with JavaScript: after "Add item" the focus goes to the new line's
 * description, after "Remove" to the description of the line that took the removed one's
 * place (the new last line when it was the last). The button pressed is gone or far away, and
 * the focus fell to the page. Without JavaScript the page comes back from the server instead.
 */
export function useLineFocus(descriptionIds: string[]) {
  const pending = useRef<number | null>(null);
  useEffect(() => {
    const index = pending.current;
    if (index === null) return;
    pending.current = null;
    const id = descriptionIds[Math.min(index, descriptionIds.length - 1)];
    if (id) document.getElementById(id)?.focus();
  });
  return {
    /** For the Remove button of line `index` (from 0). */
    onRemove: (index: number) => () => {
      pending.current = index;
    },
    /** For the "Add item" button: the new line comes last. */
    onAdd: () => {
      pending.current = descriptionIds.length;
    },
  };
}
