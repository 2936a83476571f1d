// The public home page: hero, services, about, testimonials, pricing, newsletter, final call to action, footer.
import "@fontsource/cormorant-garamond/500-italic.css";
import interUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import display500Url from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2?url";
import display500ItalicUrl from "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-italic.woff2?url";
import { useEffect } from "react";
import { preload } from "react-dom";
import { Footer } from "@/components/layout/footer";
import { useScrollToHash } from "@/components/layout/use-section-navigation";
import { AboutSection } from "./components/about-section";
import { FinalCta } from "./components/final-cta";
import { Hero } from "./components/hero";
import { NewsletterSection } from "./components/newsletter-section";
import { PricingSection } from "./components/pricing-section";
import { ServicesSection } from "./components/services-section";
import { TestimonialsSection } from "./components/testimonials-section";
import "./marketing.css";

/** The fonts of the first screen (the headline is home's largest paint): fetched with the page, not after its stylesheet. */
const FIRST_SCREEN_FONTS = [display500Url, display500ItalicUrl, interUrl];

export function HomePage() {
  for (const href of FIRST_SCREEN_FONTS) preload(href, { as: "font", type: "font/woff2", crossOrigin: "anonymous" });
  useScrollToHash();
  // Home, drawn by the server, is the app's now (this runs once the page inside the layout's Suspense is hydrated, the
  // header before it): public/boot.js does again a tap or a form sent before.
  useEffect(() => void document.dispatchEvent(new Event("meridian:ready")), []);
  return (
    <>
      <main className="overflow-x-clip">
        <Hero />
        <ServicesSection />
        <AboutSection />
        <TestimonialsSection />
        <PricingSection />
        <NewsletterSection />
        <FinalCta />
      </main>
      <Footer />
    </>
  );
}
