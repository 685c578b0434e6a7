/** Info pages (spec 2 /consulta/infoPage/{code}): what each one shows and where its buttons go. */
import { assertNever } from '../appointment-machine';
import type { AppointmentType } from '../enums';
import { paths, type InfoPageCode } from '../routes';
import { AVAILABLE_COACHES, HOME } from './navigate';

export type InfoPageButtonId = 'see-other-coaches' | 'go-home' | 'start-scheduling' | 'look-for-another-coach' | 'go-to-history';
export interface InfoPageSpec {
  code: InfoPageCode;
  loading: boolean;
  buttons: { id: InfoPageButtonId; to: string }[];
  /** SC038 clears the waiting-room start flag. */
  clearWaitingRoomStartFlag: boolean;
  /** SC064 redirects to the survey at once. */
  redirectTo?: string;
}

export const infoPage = (
  code: InfoPageCode,
  ctx: { appointmentType?: AppointmentType | null; noAction?: boolean; appointmentId?: string | null } = {},
): InfoPageSpec => {
  const base = { code, loading: false, buttons: [], clearWaitingRoomStartFlag: false };
  switch (code) {
    case 'SC005': // searching for coaches
      return { ...base, loading: true };
    case 'SC023': {
      // last-minute cancel: see other coaches, except for scheduled type or noAction; go home
      const others = ctx.appointmentType === 'scheduled' || ctx.noAction ? [] : [{ id: 'see-other-coaches' as const, to: AVAILABLE_COACHES }];
      return { ...base, buttons: [...others, { id: 'go-home', to: HOME }] };
    }
    case 'SC038':
      return { ...base, clearWaitingRoomStartFlag: true };
    case 'SC064':
      return ctx.appointmentId ? { ...base, loading: true, redirectTo: paths.survey(ctx.appointmentId) } : { ...base, buttons: [{ id: 'go-home', to: HOME }] };
    case 'SC094': // coach not available
      return { ...base, buttons: [{ id: 'look-for-another-coach', to: AVAILABLE_COACHES }] };
    case 'SC099': // no coaches at all
      return { ...base, buttons: [{ id: 'go-home', to: HOME }, { id: 'start-scheduling', to: '/agenda/seleccionar-coach' }] };
    case 'SMC11': // treatment sent to pharmacy
      return { ...base, buttons: [{ id: 'go-to-history', to: '/consulta/historial' }] };
    default:
      return assertNever(code);
  }
};
