import { useEffect, useState, type ReactNode } from 'react';

// `<BrowserOnly fallback={…}>{() => …}</BrowserOnly>`: renders its children function only in the
// browser, after hydration (the server HTML has the fallback).
export default function BrowserOnly({ children, fallback = null }: { children: () => ReactNode; fallback?: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <>{mounted ? children() : fallback}</>;
}
