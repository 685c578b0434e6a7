/**
 * The appointment on the web (issue 9): the query cache owns the record (one key, one set of
 * query options); alerts come in through one hook that patches it; the stored current appointment
 * is its id; the member's routing decisions read the cache.
 */
export {
  appointmentKeys,
  appointmentQueryOptions,
  cacheAppointment,
  getAppointment,
  getCurrentAppointmentFromServer,
  patchCachedAppointment,
  readCachedAppointment,
  useAppointment,
  type AppointmentPatch,
} from './api/get-appointment';
export {
  applyAppointmentAlert,
  applyAppointmentCancel,
  cancelModalFor,
  clearJoinedFlags,
  hasJoinedCall,
  recoverAppointment,
  VIDEO_CALL_PATH,
  type AppointmentView,
  type RoutedAs,
  type RouterEffects,
} from './appointment-router';
export {
  clearCurrentAppointment,
  getCurrentAppointmentId,
  noteRoutedState,
  reloadCurrentAppointment,
  setCurrentAppointmentId,
  useCurrentAppointmentId,
} from './current-appointment';
export { useAppointmentAlerts, useOnAppointmentAlert, type AppointmentAlertEvent, type AppointmentAlertKind } from './hooks/use-appointment-alerts';
