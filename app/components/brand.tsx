export function BrandMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="7" className="fill-brand-600" />
      <path d="M9 10h14v3h-5.5v11h-3V13H9z" fill="#fff" />
      <path d="M19 19l4-4 1.5 1.5-4 4z" fill="#fbbf24" />
    </svg>
  );
}
