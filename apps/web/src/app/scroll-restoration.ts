// What React Router's <ScrollRestoration> did (it needs the data router, which the app no longer loads): a new page
// starts at the top, Back and Forward return to where that page was scrolled, and so does a reload. A change of
// the query alone (a tab, a filter: setSearchParams) keeps the scroll where it is; an anchor (#section) is the
// page's own business (useScrollToHash).
import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

const STORAGE_KEY = "meridian-scroll-positions";
const KEEP = 50;

function readSaved(): Map<string, number> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]") as [string, number][]);
  } catch {
    return new Map();
  }
}

/** At once: the page's smooth scrolling (theme.css) is for anchors, not for arriving on a page. */
const jump = (top: number) => window.scrollTo({ top, left: 0, behavior: "instant" });

export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const saved = useRef<Map<string, number> | null>(null);
  const previous = useRef<{ key: string; pathname: string } | null>(null);
  // The scroll as the user left it: read from scroll events, because by the time the next page has rendered the
  // browser may already have clamped window.scrollY to that (shorter) page.
  const lastY = useRef(0);

  useEffect(() => {
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
    const onScroll = () => (lastY.current = window.scrollY);
    const save = () => {
      const positions = (saved.current ??= readSaved());
      if (previous.current) positions.set(previous.current.key, window.scrollY);
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-KEEP)));
      } catch {
        /* storage full or refused: a reload starts at the top */
      }
    };
    lastY.current = window.scrollY;
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", save);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", save);
      if ("scrollRestoration" in history) history.scrollRestoration = "auto";
    };
  }, []);

  useLayoutEffect(() => {
    const positions = (saved.current ??= readSaved());
    const before = previous.current;
    // The page being left keeps its place for Back/Forward (the new page has not been scrolled yet).
    if (before && before.key !== location.key) positions.set(before.key, lastY.current);
    if (positions.size > KEEP) positions.delete(positions.keys().next().value!);
    previous.current = { key: location.key, pathname: location.pathname };
    const restored = positions.get(location.key);
    if (!before || navigationType === "POP") {
      // A reload, Back or Forward: where this entry was (after this render, so the page is there to scroll).
      if (restored !== undefined) jump((lastY.current = restored));
      return;
    }
    if (before.pathname !== location.pathname && !location.hash) jump((lastY.current = 0));
  }, [location.key, location.pathname, location.hash, navigationType]);
}
