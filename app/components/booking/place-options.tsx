/**
 * The choices of a "how many places" select, as the booking form and the
 * waiting list's request offer them: 1 up to the most one booking may take
 * (fewer where fewer are left).
 */
export function PlaceOptions({ max }: { max: number }) {
  return Array.from({ length: max }, (_, i) => (
    <option key={i + 1} value={i + 1}>
      {i + 1}
    </option>
  ));
}
