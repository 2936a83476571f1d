// The claim page inside the app's router (the dev server; the built site serves claim.html instead).
import { useEffect, useRef } from "react";
import { useParams } from "react-router";
import { mountClaimPage } from "./claim-page";

export default function ClaimRoute() {
  const { token = "" } = useParams();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => mountClaimPage(root.current!, token), [token]);
  return <div ref={root} className="pt-[72px]" />;
}
