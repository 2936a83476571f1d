// Static marketing copy. The packages are the spec's (section 9) and must keep their exact names,
// prices and bullet points.

export type PricingPackage = {
  id: "event-valet" | "premium" | "executive-transport";
  name: string;
  priceUsd: number;
  period: "per event" | "per month";
  tagline: string;
  features: string[];
  mostPopular?: boolean;
};

export const PRICING_PACKAGES: PricingPackage[] = [
  {
    id: "event-valet",
    name: "Event Valet",
    priceUsd: 299,
    period: "per event",
    tagline: "Intimate gatherings, private dinners and smaller celebrations.",
    features: ["Up to 50 vehicles", "4-hour window", "Basic insurance"],
  },
  {
    id: "premium",
    name: "Premium Package",
    priceUsd: 599,
    period: "per event",
    tagline: "Weddings, galas and launches where every arrival is seen.",
    features: ["Up to 150 vehicles", "8-hour window", "Comprehensive insurance", "Dedicated manager", "Real-time tracking"],
    mostPopular: true,
  },
  {
    id: "executive-transport",
    name: "Executive Transport",
    priceUsd: 899,
    period: "per month",
    tagline: "A standing chauffeur arrangement for executives and their guests.",
    features: ["Unlimited rides", "24/7 availability", "Professional chauffeur", "Airport transfers", "Corporate billing"],
  },
];

export type Testimonial = { quote: string; name: string; context: string };

export const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      "Two hundred guests, a hillside venue and not a single wait at the gate. The Meridian team were invisible until the moment we needed them.",
    name: "Victoria Ashford",
    context: "Wedding, Montecito",
  },
  {
    quote:
      "I book a car the night before a board meeting and the price is on the screen before I finish my coffee. The chauffeur is always early.",
    name: "James Whitmore",
    context: "Managing Partner",
  },
  {
    quote:
      "Our annual gala finally runs like the rest of the evening: quietly. Cars came back in minutes, and the valets knew our donors by name.",
    name: "Elena Marchetti",
    context: "Gala Chair, Arts Foundation",
  },
  {
    quote:
      "Late flight, heavy luggage, a driver waiting with water and my name. Meridian is the first thing I book after the ticket.",
    name: "David Okafor",
    context: "Frequent Traveller",
  },
];

export type Service = { id: string; title: string; description: string; points: string[] };

export const SERVICES: Service[] = [
  {
    id: "valet",
    title: "Valet Parking",
    description: "Uniformed, background-checked attendants who treat every key as if it were their own.",
    points: ["Ticketed key control", "Cars returned in minutes"],
  },
  {
    id: "executive",
    title: "Executive Transport",
    description: "Late-model sedans, SUVs and sprinters with discreet, professional chauffeurs.",
    points: ["Instant itemised quotes", "Meet-and-greet on request"],
  },
  {
    id: "events",
    title: "Event Services",
    description: "Arrival design for weddings, galas and product launches, from curb plan to final car.",
    points: ["Dedicated event manager", "Staffing to your guest list"],
  },
  {
    id: "airport",
    title: "Airport Transfers",
    description: "Flight-aware pickups at LAX, SNA, BUR and beyond, with luggage handled for you.",
    points: ["Flight tracking", "Curbside or terminal greeting"],
  },
];

export const HERO_PROMISES = [
  { id: "pricing", title: "Instant smart pricing", text: "An itemised quote the moment you choose a route." },
  { id: "checkout", title: "Secure checkout", text: "Encrypted payment and a confirmed ticket in seconds." },
  { id: "service", title: "Impeccable service", text: "Vetted valets and chauffeurs, on time, every time." },
] as const;
