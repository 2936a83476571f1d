// The site header: wordmark, the four section anchors, and Book Now / Sign In or the avatar menu.
// Transparent over the hero; opaque after scrolling more than 20 px or while the mobile menu is open.
import { Menu, X } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { useUiState } from "@/lib/ui-state";
import { useAuth } from "@/lib/auth/auth-context";
import { cn } from "@/lib/utils";
import { Logo } from "./logo";
import { HEADER_SCROLL_THRESHOLD_PX, SECTION_LINKS } from "./nav-links";
import { useActiveSection } from "./use-section-navigation";
import { Avatar } from "./avatar";
import { SectionLink } from "./section-link";
import "./layout.css";

// The account menu (and its popover machinery) loads only for signed-in visitors.
const UserMenu = lazy(() => import("./user-menu").then((m) => ({ default: m.UserMenu })));
// The phone's menu loads when it is first opened.
const MobileMenu = lazy(() => import("./mobile-menu").then((m) => ({ default: m.MobileMenu })));

const SECTION_IDS = SECTION_LINKS.map((link) => link.id);

function useScrolledPast(threshold: number) {
  // False on the first render, as on the server that drew home (entry-server.tsx); the effect reads the scroll.
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return past;
}

export function Header() {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const { pathname } = useLocation();
  const { loading, user } = useAuth();
  const { bookingOpen, setBookingOpen, openSignIn } = useUiState();
  const menuId = useId();
  const activeSection = useActiveSection(SECTION_IDS);
  const opaque = scrolled || menuOpen;
  const bookNow = (
    <Button
      size="sm"
      className="h-10 px-4 text-[0.75rem] uppercase tracking-[0.1em] lg:px-5 lg:text-[0.8rem] lg:tracking-[0.14em]"
      aria-haspopup="dialog"
      aria-expanded={bookingOpen}
      onClick={() => setBookingOpen(true)}
    >
      Book Now
    </Button>
  );

  // A route change closes the mobile menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header
      data-opaque={opaque ? "true" : "false"}
      className={cn(
        // A class, not a style attribute: the server draws home, and the CSP refuses inline style attributes.
        "[--header-h:72px] fixed inset-x-0 top-0 z-40 border-b transition-[background-color,border-color,box-shadow] duration-300",
        opaque
          ? "border-gold/15 bg-background/85 shadow-[0_10px_40px_-20px_rgba(0,0,0,0.9)]"
          : "border-transparent bg-transparent",
      )}
    >
      {/* The blur sits on its own layer: a backdrop-filter on the header would trap the fixed mobile panel. */}
      <div
        aria-hidden="true"
        className={cn("absolute inset-0 -z-10 backdrop-blur-xl transition-opacity duration-300", opaque ? "opacity-100" : "opacity-0")}
      />
      <div className="mx-auto flex h-[var(--header-h)] max-w-7xl items-center justify-between gap-4 px-5 sm:px-8 md:px-6 lg:gap-6 lg:px-8">
        <Logo
          onClick={() => {
            setMenuOpen(false);
            if (pathname === "/") window.scrollTo({ top: 0, behavior: "smooth" });
          }}
        />

        <nav aria-label="Primary" className="hidden md:block">
          <ul className="flex items-center lg:gap-3">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <SectionLink
                  id={link.id}
                  aria-current={activeSection === link.id ? "location" : undefined}
                  className="relative px-2 py-2 text-[0.72rem] font-medium uppercase tracking-[0.1em] text-foreground/75 transition-colors after:absolute after:inset-x-2 lg:px-3 lg:text-[0.8rem] lg:tracking-[0.18em] lg:after:inset-x-3 after:-bottom-0.5 after:h-px after:origin-left after:scale-x-0 after:bg-gold after:transition-transform after:duration-300 hover:text-foreground hover:after:scale-x-100 aria-[current=location]:text-gold-bright aria-[current=location]:after:scale-x-100"
                >
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2 sm:gap-3">
          <div className={cn("hidden items-center gap-2 md:flex lg:gap-3", loading && "invisible")}>
            {user ? (
              <>
                {bookNow}
                <Suspense fallback={<Avatar initials="" />}>
                  <UserMenu />
                </Suspense>
              </>
            ) : (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-10 px-3 text-[0.75rem] uppercase tracking-[0.1em] lg:px-4 lg:text-[0.8rem] lg:tracking-[0.14em]"
                  onClick={() => openSignIn("signIn")}
                >
                  Sign In
                </Button>
                {bookNow}
              </>
            )}
          </div>

          <button
            type="button"
            className="grid size-11 cursor-pointer place-items-center rounded-md text-foreground/90 transition-colors hover:bg-white/5 md:hidden"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
          </button>
        </div>
      </div>

      {menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu id={menuId} onClose={closeMenu} />
        </Suspense>
      ) : null}
    </header>
  );
}
