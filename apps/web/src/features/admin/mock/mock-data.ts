// Sample rows for the screens the spec marks as mock (Coupons, Incidents). Not real data.
export const mockCoupons = [
  { code: "WELCOME20", type: "Percentage", value: "20%", usage: "142 / 500", status: "active" },
  { code: "GALA100", type: "Fixed amount", value: "$100.00", usage: "18 / 50", status: "active" },
  { code: "SUMMER15", type: "Percentage", value: "15%", usage: "300 / 300", status: "inactive" },
  { code: "AIRPORT25", type: "Fixed amount", value: "$25.00", usage: "61 / ∞", status: "active" },
];

export const mockIncidents = [
  { type: "Vehicle damage", associatedTo: "Ticket MER-7KQ2", reportedBy: "Elena Ruiz", date: "May 28, 2026" },
  { type: "Late pickup", associatedTo: "Booking #A19F", reportedBy: "Marcus Bell", date: "May 26, 2026" },
  { type: "Lost item", associatedTo: "Ticket MER-3PZ8", reportedBy: "Sofia Lindqvist", date: "May 21, 2026" },
];
