// The public home page: hero, services, about, testimonials, pricing, newsletter, final call to action, footer.
import "@fontsource/cormorant-garamond/500-italic.css";
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

export function HomePage() {
  useScrollToHash();
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
