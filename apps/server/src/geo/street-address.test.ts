// Typed street addresses on the embedded gazetteer: offered, marked approximate, placed at the best known
// point (the venue at that address, the ZIP, the city centre); junk is not an address; ids cannot be forged.
import { describe, expect, it } from "vitest";
import { gazetteer } from "./gazetteer";
import { addressPlaceId, parseStreetAddress } from "./street-address";

const g = gazetteer();
const at = (id: string) => {
  const p = g.get(id);
  if (!p) throw new Error(`missing ${id}`);
  return { lat: p.lat, lng: p.lng };
};

describe("a typed street address", () => {
  it.each([
    ["123 Main St, Los Angeles", "123 Main St", "emb:city:5368361", "near the centre of Los Angeles"],
    ["9500 Wilshire Blvd, Beverly Hills", "9500 Wilshire Blvd", "emb:venue:beverly-wilshire-a-four-seasons-hotel", "at Beverly Wilshire, A Four Seasons Hotel"],
    ["9500 Wilshire Boulevard", "9500 Wilshire Boulevard", "emb:venue:beverly-wilshire-a-four-seasons-hotel", "at Beverly Wilshire"],
    ["1 World Way", "1 World Way", "emb:apt:LAX", "at Los Angeles International Airport (LAX)"],
    ["350 S Grand Ave, Los Angeles 90071", "350 S Grand Ave", "emb:zip:90071", "within ZIP 90071"],
    ["350 South Grand Avenue Los Angeles CA 90071", "350 South Grand Avenue", "emb:zip:90071", "within ZIP 90071"],
    ["800 Broadway, Santa Monica", "800 Broadway", "emb:city:5393212", "near the centre of Santa Monica"],
    ["22701 Pelican Hill Rd S, Newport Coast", "22701 Pelican Hill Rd S", "emb:venue:resort-at-pelican-hill", "at The Resort at Pelican Hill"],
  ])("%s is offered first, approximate, placed at the best known point and kept as typed", (typed, primary, anchorId, note) => {
    const [first] = g.suggest(`  ${typed} `);
    expect(first).toMatchObject({ primary, approximate: true });
    expect(first!.secondary).toContain(`approximate, placed ${note}`);
    const place = g.get(first!.placeId);
    expect(place).toMatchObject({ name: primary, address: typed, approximate: true });
    expect({ lat: place!.lat, lng: place!.lng }).toEqual(at(anchorId));
    // Resolving the id again gives the same place (the quote and the booking read it from the id).
    expect(g.get(first!.placeId)).toBe(place);
  });

  it.each([
    "asdf qwerty",
    "123",
    "123 Main St", // no city, ZIP or known venue: nowhere to place it
    "123 Main St, Paris",
    "999 Nowhere Rd, Atlantis",
    "12 zzzz, Los Angeles",
    "0 Main St, Los Angeles",
    "123 St, Los Angeles",
    "1234567 Main St, Los Angeles",
    "123 Main St, Los Angeles 1234",
    "<script>alert(1)</script> St, Los Angeles",
    "1 World Way, San Diego 99999",
  ])("%s is not offered as an address", (junk) => {
    expect(g.suggest(junk).some((s) => s.approximate)).toBe(false);
  });

  it("a place id carries only the text: the server places it, a tampered or non-canonical id is unknown", () => {
    const id = addressPlaceId("123 Main St, Los Angeles");
    expect(g.get(id)?.address).toBe("123 Main St, Los Angeles");
    expect(g.get(addressPlaceId("123  Main St, Los Angeles"))).toBeNull(); // same text, another spelling of the id
    expect(g.get(addressPlaceId("not an address"))).toBeNull();
    expect(g.get(`${id}!`)).toBeNull();
    expect(g.get("emb:addr:")).toBeNull();
    expect(g.get(addressPlaceId("x".repeat(200)))).toBeNull();
  });

  it("parses the parts people type", () => {
    expect(parseStreetAddress("100 Main Street Apt 4, Santa Monica, CA 90401")).toMatchObject({ number: "100", street: "main st", locality: "santa monica", zip: "90401" });
    expect(parseStreetAddress("350 South Grand Avenue")).toMatchObject({ street: "s grand ave", locality: "" });
  });
});
