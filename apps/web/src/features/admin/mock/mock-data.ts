// Sample rows for the screens the spec marks as mock (Staff). Not real data.
export const mockStaff = [
  { name: "Marcus Bell", kind: "Chauffeur", phone: "(310) 555-0114", status: "active" },
  { name: "Elena Ruiz", kind: "Valet Captain", phone: "(310) 555-0187", status: "active" },
  { name: "James Okafor", kind: "Chauffeur", phone: "(424) 555-0132", status: "inactive" },
  { name: "Sofia Lindqvist", kind: "Valet Attendant", phone: "(213) 555-0165", status: "active" },
];

export const mockShifts = [
  { staff: "Marcus Bell", role: "Chauffeur", date: "Mon, Jun 2", window: "6:00 AM – 2:00 PM", location: "LAX Terminal B" },
  { staff: "Elena Ruiz", role: "Valet Captain", date: "Mon, Jun 2", window: "4:00 PM – 11:00 PM", location: "The Beverly Hills Hotel" },
  { staff: "Sofia Lindqvist", role: "Valet Attendant", date: "Tue, Jun 3", window: "5:00 PM – 10:00 PM", location: "Private residence, Bel Air" },
];
