// Anchor navigation: on the home page scroll smoothly; elsewhere go to "/" + the anchor and let the
// home page scroll once it has rendered (useScrollToHash).
import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { scrollToSection } from "./nav-links";

export function useSectionNavigation() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (id: string) => {
      if (pathname === "/" && scrollToSection(id)) return;
      navigate({ pathname: "/", hash: `#${id}` });
    },
    [pathname, navigate],
  );
}

/** Used by the home page: when the URL carries an anchor, scroll to that section after rendering. */
export function useScrollToHash() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const frame = requestAnimationFrame(() => scrollToSection(id));
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}

/** The section currently under the header on the home page (null elsewhere or above the first section). */
export function useActiveSection(ids: readonly string[]) {
  const { pathname } = useLocation();
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (pathname !== "/" || typeof IntersectionObserver === "undefined") {
      setActive(null);
      return;
    }
    const visible = new Map<string, boolean>();
    // A band just below the header: whichever section crosses it is the current one.
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) visible.set(e.target.id, e.isIntersecting);
        setActive(ids.find((id) => visible.get(id)) ?? null);
      },
      { rootMargin: "-30% 0px -60% 0px" },
    );
    const els = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null);
    els.forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [pathname, ids]);
  return active;
}
