export function LoadingScreen() {
  return (
    <div className="grid min-h-screen place-items-center text-slate-600" role="status">
      Loading...
    </div>
  );
}
