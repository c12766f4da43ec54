/** The "×" of close buttons (mobile menu, announcement bar). */
export function CloseIcon({ size = 14 }: { size?: number }) {
  return (
    <svg viewBox="0 0 15 15" width={size} height={size} aria-hidden="true">
      <path stroke="currentColor" strokeWidth="2" d="M1 1l13 13M14 1L1 14" />
    </svg>
  );
}
