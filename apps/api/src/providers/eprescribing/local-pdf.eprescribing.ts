import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { prescriptionSig, PRODUCT_NAME, quantityText, type Language, type DoseUnit, type Prescription } from '@puente/domain';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { ControlledSubstanceRefused, type EPrescribingProvider, type ErxPatient, type ErxPrescriptionRequest, type ErxSendResult } from './eprescribing.provider';
import type { SigningCertificate } from './signing-certificate';

const TEXT = {
  es: {
    title: 'Receta médica',
    patient: 'Paciente',
    birthday: 'Fecha de nacimiento',
    phone: 'Teléfono',
    address: 'Domicilio',
    prescriber: 'Médico que prescribe',
    npi: 'NPI',
    license: 'Licencia',
    pharmacy: 'Farmacia',
    noPharmacy: 'Sin farmacia elegida: presente esta receta en la farmacia de su preferencia.',
    directions: 'Indicaciones',
    quantity: 'Cantidad',
    daysSupply: 'Días de tratamiento',
    refills: 'Resurtidos',
    substitution: 'Sustitución por genérico',
    allowed: 'permitida',
    notAllowed: 'no permitida',
    diagnosis: 'Diagnóstico',
    allergyReviewed: 'Alergia revisada por el médico',
    signed: 'Firmada electrónicamente el',
    consultation: 'Consulta',
  },
  en: {
    title: 'Prescription',
    patient: 'Patient',
    birthday: 'Date of birth',
    phone: 'Phone',
    address: 'Address',
    prescriber: 'Prescriber',
    npi: 'NPI',
    license: 'License',
    pharmacy: 'Pharmacy',
    noPharmacy: 'No pharmacy chosen: take this prescription to the pharmacy of your choice.',
    directions: 'Directions',
    quantity: 'Quantity',
    daysSupply: "Days' supply",
    refills: 'Refills',
    substitution: 'Generic substitution',
    allowed: 'allowed',
    notAllowed: 'not allowed',
    diagnosis: 'Diagnosis',
    allergyReviewed: 'Allergy reviewed by the prescriber',
    signed: 'Electronically signed on',
    consultation: 'Consultation',
  },
} as const satisfies Record<Language, Record<string, string>>;

/** The standard PDF fonts encode WinAnsi only: anything else becomes '?'. */
const winAnsi = (font: PDFFont, text: string): string =>
  [...text]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');

const wrap = (font: PDFFont, text: string, size: number, width: number): string[] => {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const next = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && current) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
};

/** Builds the prescription PDF (unsigned, with a signature placeholder) in the member's language. */
export async function prescriptionPdf(request: ErxPrescriptionRequest, signerName: string): Promise<Buffer> {
  const t = TEXT[request.language];
  const doc = await PDFDocument.create();
  doc.setTitle(`${t.title} ${request.appointmentId}`);
  doc.setLanguage(request.language === 'es' ? 'es-MX' : 'en-US');
  doc.setProducer(PRODUCT_NAME);
  doc.setCreationDate(request.signedAt);
  doc.setModificationDate(request.signedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([612, 792]);
  const margin = 54;
  const width = 612 - margin * 2;
  let y = 792 - margin;
  const line = (text: string, opts: { font?: PDFFont; size?: number; gap?: number } = {}) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 10.5;
    for (const l of wrap(font, winAnsi(font, text), size, width)) {
      if (y < margin + 80) {
        page = doc.addPage([612, 792]);
        y = 792 - margin;
      }
      page.drawText(l, { x: margin, y, size, font, color: rgb(0.1, 0.1, 0.12) });
      y -= size + 4;
    }
    y -= opts.gap ?? 0;
  };
  const date = (d: Date) => new Intl.DateTimeFormat(request.language === 'es' ? 'es-MX' : 'en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(d) + ' UTC';

  line(t.title, { font: bold, size: 18, gap: 6 });
  line(`${t.consultation}: ${request.appointmentId}`, { size: 9, gap: 8 });
  const p: ErxPatient = request.patient;
  line(t.patient, { font: bold, size: 12 });
  line(`${p.firstName} ${p.lastName}`);
  if (p.birthday) line(`${t.birthday}: ${p.birthday}`);
  if (p.phoneNumber) line(`${t.phone}: ${p.phoneNumber}`);
  const addr = [p.address?.line1, p.address?.city, p.address?.state, p.address?.zipCode].filter(Boolean).join(', ');
  if (addr) line(`${t.address}: ${addr}`);
  y -= 8;
  const pr = request.prescriber;
  line(t.prescriber, { font: bold, size: 12 });
  line(pr.name);
  line(`${t.npi}: ${pr.npi ?? '-'} · ${t.license}: ${pr.licenseState}${pr.licenseNumber ? ` ${pr.licenseNumber}` : ''}`, { gap: 8 });
  line(t.pharmacy, { font: bold, size: 12 });
  const ph = request.pharmacy;
  if (ph) line([ph.pharmStoreName, ph.pharmAddressLine1, ph.pharmCity, ph.pharmState, ph.pharmZip, ph.pharmPhone].filter(Boolean).join(', '), { gap: 8 });
  else line(t.noPharmacy, { gap: 8 });

  request.lines.forEach((rx: Prescription, i) => {
    line(`${i + 1}. ${rx.name}`, { font: bold, size: 12 });
    const sig = prescriptionSig(rx, request.language);
    if (sig) line(`${t.directions}: ${sig}`);
    if (rx.quantity != null && rx.quantityUnit) line(`${t.quantity}: ${quantityText(rx.quantity, rx.quantityUnit as DoseUnit, request.language)}`);
    if (rx.daysSupply != null) line(`${t.daysSupply}: ${rx.daysSupply}`);
    if (rx.refills != null) line(`${t.refills}: ${rx.refills}`);
    if (rx.substitutionAllowed != null) line(`${t.substitution}: ${rx.substitutionAllowed ? t.allowed : t.notAllowed}`);
    if (rx.diagnosis) line(`${t.diagnosis}: ${rx.diagnosis.code} ${rx.diagnosis.text}`);
    if (rx.allergyOverride) line(`${t.allergyReviewed}: ${rx.allergyOverride.allergies.join(', ')}`);
    y -= 8;
  });
  line(`${t.signed} ${date(request.signedAt)} · ${pr.name}`, { font: bold, gap: 4 });
  line(signerName, { size: 8 });

  pdflibAddPlaceholder({
    pdfPage: page,
    reason: t.title,
    contactInfo: pr.npi ? `NPI ${pr.npi}` : pr.name,
    name: pr.name,
    location: pr.licenseState,
    signingTime: request.signedAt,
    appName: PRODUCT_NAME,
  });
  // Object streams would hide the placeholder from the signer.
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * The offline default: no network send. It produces the prescription as a PDF in the member's
 * language, signed (PAdES-style detached PKCS#7) with the installation's certificate, and reports
 * it sent. Controlled substances are refused: they need a certified EPCS vendor.
 */
export class LocalPdfEPrescribing implements EPrescribingProvider {
  readonly name = 'local-pdf';
  readonly allowsControlled = false;

  constructor(private readonly certificate: SigningCertificate) {}

  createPatient(patient: ErxPatient): Promise<{ patientId: string }> {
    return Promise.resolve({ patientId: `local-${patient.memberId}` });
  }

  async sendPrescription(request: ErxPrescriptionRequest): Promise<ErxSendResult> {
    const controlled = request.lines.find((l) => l.schedule !== null);
    if (controlled) throw new ControlledSubstanceRefused(controlled.code);
    const unsigned = await prescriptionPdf(request, this.certificate.commonName);
    const signer = new P12Signer(this.certificate.p12, { passphrase: this.certificate.passphrase });
    const document = await new SignPdf().sign(unsigned, signer, request.signedAt);
    return { id: `local-${request.appointmentId}`, status: 'sent', document };
  }

  parseStatusCallback(): undefined {
    // Nothing calls back: the local default's send is final.
    return undefined;
  }

  authenticCallback(): boolean {
    return false;
  }
}
