export const prescribingKeys = {
  all: ['prescribing'] as const,
  medications: (q: string) => ['prescribing', 'medications', q] as const,
  order: (appointmentId: string) => ['prescribing', 'order', appointmentId] as const,
  readiness: (appointmentId: string) => ['prescribing', 'readiness', appointmentId] as const,
  pharmacies: (zip: string, radius: number) => ['prescribing', 'pharmacies', zip, radius] as const,
  myPharmacy: () => ['prescribing', 'my-pharmacy'] as const,
};
