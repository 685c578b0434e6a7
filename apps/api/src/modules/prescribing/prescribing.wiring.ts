import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { EPrescribingProvider } from '../../providers/eprescribing/eprescribing.provider';
import { doseSpotFromEnv } from '../../providers/eprescribing/dosespot.eprescribing';
import { LocalMedicationDirectory } from '../../providers/medications/local.medication-directory';
import type { MedicationDirectory } from '../../providers/medications/medication-directory.provider';
import { LocalPharmacyDirectory } from '../../providers/pharmacies/local.pharmacy-directory';
import { VendorPharmacyDirectory } from '../../providers/pharmacies/vendor.pharmacy-directory';
import type { PharmacyDirectory } from '../../providers/pharmacies/pharmacy-directory.provider';
import type { StorageProvider } from '../../providers/storage/storage.provider';
import type { RealtimeGateway } from '../../realtime/gateway';
import type { AppointmentsService } from '../appointments/appointments.service';
import type { AuditService } from '../audit/audit.service';
import type { MembersService } from '../members/members.service';
import { PharmaciesService } from '../pharmacies/pharmacies.service';
import type { PhysiciansService } from '../physicians/physicians.service';
import type { ProfileService } from '../profile/profile.service';
import { PrescribingRepository } from './prescribing.repository';
import { PrescribingService } from './prescribing.service';

export { pharmaciesRoutes } from '../pharmacies/pharmacies.routes';
export { prescribingRoutes } from './prescribing.routes';

/** Outside services of prescribing a test or deployment may replace (local defaults otherwise). */
export interface PrescribingProviders {
  medications?: MedicationDirectory;
  pharmacies?: PharmacyDirectory;
  eprescribing?: EPrescribingProvider;
}

export interface PrescribingServices {
  prescribing: PrescribingService;
  pharmacies: PharmaciesService;
}

/**
 * Builds the prescribing and pharmacy services (kept out of app.ts). The local e-prescribing
 * default signs with the installation's certificate, made on first start in DATA_DIR (in memory
 * for an in-memory database).
 */
export function buildPrescribing(deps: {
  db: Db;
  clock: Clock;
  dataDir: string;
  storage: StorageProvider;
  audit: AuditService;
  realtime: RealtimeGateway;
  appointments: AppointmentsService;
  physicians: PhysiciansService;
  members: MembersService;
  /** The profile service is built after this (lazy). */
  profile: () => Pick<ProfileService, 'updateMember'>;
  providers?: PrescribingProviders;
  /** ERX_PROVIDER and its settings (the local PDF default otherwise). */
  env?: Record<string, string | undefined>;
}): PrescribingServices {
  const vendor = deps.providers?.eprescribing ? undefined : doseSpotFromEnv(deps.env ?? {});
  let erx = deps.providers?.eprescribing ?? vendor;
  // The certificate (an RSA key) is made on first use, not at start, and the PDF and signing
  // libraries (pdf-lib, @signpdf, node-forge) load then too: a server that never signs pays nothing.
  const localErx = async (): Promise<EPrescribingProvider> => {
    if (erx) return erx;
    const [{ LocalPdfEPrescribing }, { installationSigningCertificate }] = await Promise.all([import('../../providers/eprescribing/local-pdf.eprescribing'), import('../../providers/eprescribing/signing-certificate')]);
    return (erx ??= new LocalPdfEPrescribing(installationSigningCertificate(deps.dataDir)));
  };
  const lazyErx: EPrescribingProvider = erx ?? {
    name: 'local-pdf',
    allowsControlled: false,
    createPatient: async (p) => (await localErx()).createPatient(p),
    sendPrescription: async (r) => (await localErx()).sendPrescription(r),
    parseStatusCallback: () => undefined,
    authenticCallback: () => false,
  };
  const prescribing = new PrescribingService({
    repository: new PrescribingRepository(deps.db),
    appointments: deps.appointments,
    physicians: deps.physicians,
    members: deps.members,
    medications: deps.providers?.medications ?? new LocalMedicationDirectory(),
    erx: lazyErx,
    storage: deps.storage,
    audit: deps.audit,
    realtime: deps.realtime,
    clock: deps.clock,
  });
  const pharmacies = new PharmaciesService({
    // A vendor sends to stores of its own directory: its pharmacy search comes with it.
    directory: deps.providers?.pharmacies ?? (vendor ? new VendorPharmacyDirectory({ baseUrl: vendor.baseUrl, token: vendor.bearer }) : new LocalPharmacyDirectory()),
    profile: { updateMember: (actor, memberId, data) => deps.profile().updateMember(actor, memberId, data) },
    members: deps.members,
    appointments: deps.appointments,
  });
  return { prescribing, pharmacies };
}
