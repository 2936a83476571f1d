// Below md the header collapses into this panel: the four anchors, then the same account entries as the
// desktop header (Book Now / Sign In, or the avatar menu's entries).
import { ArrowRight, BadgeCheck, LayoutDashboard, LogOut, ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { useUiState } from "@/lib/ui-state";
import { SECTION_LINKS } from "./nav-links";
import { useAccountActions } from "./use-account-actions";
import { useSectionNavigation } from "./use-section-navigation";
import { Avatar } from "./avatar";

export function MobileMenu({ id, onClose }: { id: string; onClose: () => void }) {
  const goToSection = useSectionNavigation();
  const navigate = useNavigate();
  const { setBookingOpen, openSignIn } = useUiState();
  const account = useAccountActions();

  // Close with Escape; keep the page behind from scrolling while the panel covers it.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      window.removeEventListener("keydown", onKey);
      document.body.style.overflow = previous;
    };
  }, [onClose]);

  const then = (action: () => void) => () => {
    onClose();
    action();
  };

  return (
    <div
      id={id}
      data-motion=""
      className="fixed inset-x-0 bottom-0 top-[var(--header-h)] overflow-y-auto border-t border-border bg-background animate-[panel-in_180ms_ease-out] md:hidden"
    >
      <nav aria-label="Mobile" className="px-6 pt-6">
        <ul className="divide-y divide-border/70">
          {SECTION_LINKS.map((link, i) => (
            <li key={link.id}>
              <a
                href={`/#${link.id}`}
                onClick={(e) => {
                  e.preventDefault();
                  onClose();
                  // Let the body scroll lock lift before scrolling.
                  requestAnimationFrame(() => goToSection(link.id));
                }}
                className="group flex items-center justify-between py-4 font-display text-[1.7rem] font-medium text-foreground/90 transition-colors hover:text-gold-bright"
              >
                <span>
                  <span aria-hidden="true" className="mr-4 font-sans text-xs tabular-nums tracking-[0.2em] text-gold/70">0{i + 1}</span>
                  {link.label}
                </span>
                <ArrowRight className="size-4 text-gold/60 transition-transform group-hover:translate-x-1" aria-hidden="true" />
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-6 border-t border-border px-6 pb-10 pt-6">
        {account.signedIn ? (
          <div>
            <div className="flex items-center gap-3">
              <Avatar initials={account.initials} />
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-foreground">{account.displayName}</p>
                <p className="truncate text-xs text-muted">{account.email}</p>
              </div>
            </div>
            <div className="mt-5 grid gap-2">
              <Button variant="subtle" size="lg" className="justify-start" onClick={then(() => navigate("/dashboard"))}>
                <LayoutDashboard className="text-gold" /> Dashboard
              </Button>
              {account.staffHome ? (
                <Button variant="subtle" size="lg" className="justify-start" onClick={then(() => navigate(account.staffHome ?? "/"))}>
                  <BadgeCheck className="text-gold" /> Staff Screens
                </Button>
              ) : null}
              {account.isAdmin ? (
                <Button variant="subtle" size="lg" className="justify-start" onClick={then(() => navigate("/admin"))}>
                  <ShieldCheck className="text-gold" /> Admin Panel
                </Button>
              ) : null}
              <Button variant="ghost" size="lg" className="justify-start" onClick={then(() => void account.signOut())}>
                <LogOut className="text-gold" /> Sign out
              </Button>
              <Button size="lg" className="mt-3 uppercase tracking-[0.16em] text-[0.8rem]" onClick={then(() => setBookingOpen(true))}>
                Book Now
              </Button>
            </div>
          </div>
        ) : (
          <div className="grid gap-3">
            <Button size="lg" className="uppercase tracking-[0.16em] text-[0.8rem]" onClick={then(() => setBookingOpen(true))}>
              Book Now
            </Button>
            <Button variant="outline" size="lg" className="uppercase tracking-[0.16em] text-[0.8rem]" onClick={then(() => openSignIn("signIn"))}>
              Sign In
            </Button>
          </div>
        )}
        <p className="mt-8 text-center text-xs tracking-[0.18em] text-muted uppercase">Concierge available 24/7</p>
      </div>
    </div>
  );
}
