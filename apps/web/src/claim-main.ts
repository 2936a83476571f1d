// The guest's claim page (/t/<token>) as its own entry: the page and its styles, nothing of the app (the
// server answers /t/* with claim.html). In the dev server the app's router mounts the same page.
import { mountClaimPage } from "./features/valet/claim/claim-page";
import "@/claim.css";

mountClaimPage(document.getElementById("root")!, decodeURIComponent(location.pathname.split("/")[2] ?? ""));
