interface SkeletonListProps {
  /** What is loading, for screen readers: "Loading your sessions". */
  label: string;
  rows?: number;
  className?: string;
}

/**
 * Greyed rows in the shape of the list that is on its way, instead of a bare "Loading...": the page
 * keeps its layout, and a screen reader hears what is loading.
 */
export function SkeletonList({ label, rows = 3, className = '' }: SkeletonListProps) {
  return (
    <div role="status" aria-label={label} className={`flex flex-col gap-2 ${className}`}>
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          className="flex animate-pulse flex-col gap-2 rounded-lg border border-slate-100 p-3 motion-reduce:animate-none"
        >
          <div className="h-4 w-2/5 rounded bg-slate-200" />
          <div className="h-3 w-3/5 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}
