import { Link } from "react-router";
import { Button } from "@/components/ui/button";

export default function NotFound() {
  return (
    <main className="grid min-h-[80vh] place-items-center px-6 pt-24 text-center">
      <div>
        <p className="text-xs uppercase tracking-[0.3em] text-gold">404</p>
        <h1 className="mt-4 font-display text-5xl">This road leads nowhere</h1>
        <p className="mt-3 text-muted">The page you asked for does not exist.</p>
        <Button asChild className="mt-8">
          <Link to="/">Back to Meridian</Link>
        </Button>
      </div>
    </main>
  );
}
