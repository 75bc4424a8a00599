import { useEffect, useState } from 'react';

/** Screen size classes (spec §9): under 768 px is 0, 768 is 1, 992 is 2, 1200 is 3. */
export function screenClass(width: number): 0 | 1 | 2 | 3 {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

export function useScreenClass(): 0 | 1 | 2 | 3 {
  const [size, setSize] = useState(() => screenClass(window.innerWidth));
  useEffect(() => {
    const onResize = () => setSize(screenClass(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}
