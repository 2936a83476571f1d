// The home page's four sections, reachable from the header and the footer.
export const SECTION_LINKS = [
  { id: "services", label: "Services" },
  { id: "about", label: "About" },
  { id: "testimonials", label: "Testimonials" },
  { id: "pricing", label: "Pricing" },
] as const;

export type SectionId = (typeof SECTION_LINKS)[number]["id"];

/** Header scroll threshold from the spec: opaque after more than 20 px. */
export const HEADER_SCROLL_THRESHOLD_PX = 20;

/** Smoothly scrolls to a section of the current page; returns false when it is not on this page. */
export function scrollToSection(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  el.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  return true;
}
