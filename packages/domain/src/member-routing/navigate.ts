/** The routing decisions' shared shape: a navigation the web performs with its router, and the pages they name. */

export type NavigateTo = {
  kind: 'navigate';
  to: string;
  /** Router state to pass along (spec 2 names several: hasScheduledAppointment, referer...). */
  state?: Readonly<Record<string, string | boolean>>;
};

export const nav = (to: string, state?: NavigateTo['state']): NavigateTo => (state ? { kind: 'navigate', to, state } : { kind: 'navigate', to });

export const FINISHED_LINK_PAGE = '/link-to-consult-finished';
export const VIDEO_CALL = '/consulta/video-llamada';
export const AVAILABLE_COACHES = '/consulta/coaches-disponibles';
export const HOME = '/inicio';
