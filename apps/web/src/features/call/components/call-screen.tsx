import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import Alert from '@mui/material/Alert';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { AppointmentDto, ChannelChange } from '@puente/contracts';
import {
  APPOINTMENT_STATE,
  callErrorCodeFor,
  callErrorRoute,
  callPhase,
  endReasonRoute,
  hangUpAction,
  intakeStepNumber,
  intakeSteps,
  locationConfirmedBeforeCall,
  showsCrisisPath,
  waitingCountdown,
  isCallOpen,
  isClinicianCallOver,
  isInCallState,
  isReturningToCall,
  isSecondCall,
  loginlessView,
  prejoinRedirect,
  REALTIME_EVENTS,
  videoCallEntryRedirect,
  waitingRoomDecision,
  type AppointmentState,
  type CallPhase,
  type CallRole,
  type Channel,
  type HangUpAction,
  type ConfirmedPlace,
  type JoinedCall,
  type NetworkSuggestion,
  buildPath,
  APPOINTMENT_STATE as S,
} from '@puente/domain';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { CrisisHelp } from '@/components/ui/crisis-help';
import { Screen } from '@/components/ui/screen';
import { useAppointment, useCurrentAppointmentId } from '@/features/appointments';
import { useStore } from '@/lib/external-store';
import { useMember } from '@/features/profile';
import { socketStore } from '@/lib/socket';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { showToast } from '@/lib/toast';
import { useScheduledCoachBusy } from '../api/get-coach-busy';
import { useHangUp, type PrejoinCancel } from '../api/hang-up';
import { markRejoined } from '../api/mark-rejoined';
import { switchChannel } from '../api/switch-channel';
import { updatePrejoin } from '../api/update-prejoin-step';
import { useCallMesh, type CallFailure } from '../hooks/use-call-mesh';
import { useCallTracking } from '../hooks/use-call-tracking';
import { usePhysicianLabels } from '@/features/consultation';
import { useLocalMedia } from '../hooks/use-local-media';
import { useNetworkQuality } from '../hooks/use-network-quality';
import { CallErrorDialog, EnterConsultationDialog, HangUpDialog, NotAllowedDialog, ReturnToCallDialog, type MediaProblem } from './call-dialogs';
import { CallRoom } from './call-room';
import { VideoTile } from './video-tile';

/** issue 11: the clinician's chart beside the call (composed by the app: the dashboard's consultation workspace). */
export interface ChartSlotProps {
  appointmentId: string;
}

/** issue 11: a desktop (at least 1024 px wide) shows the clinician's chart beside the video; a phone in a drawer over it. */
const DESKTOP_QUERY = '(min-width:1024px)';

export interface ChatSlotProps {
  appointmentId: string;
  open: boolean;
  onClose: () => void;
  /** spec 4: the chat's unread flag, shown on the bottom bar's chat button. */
  onUnreadChange: (unread: boolean) => void;
}

type Step = 1 | 2 | 3;

/**
 * The call the member was in during this page's life (memory only: a reload or a closed tab forgets
 * it). With the stored record it tells a member coming back after a reload from one who never left.
 */
let joinedInThisPage: JoinedCall | null = null;
/** Tests start each render as a fresh page. */
export const resetJoinedInThisPageForTests = (): void => {
  joinedInThisPage = null;
};

const readJoinedCall = (): JoinedCall | null => {
  if (readStorage(STORAGE_KEYS.hasJoinedToCall) !== 'true') return null;
  const raw = readStorage(STORAGE_KEYS.joinedCall);
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<JoinedCall>) : null;
    if (parsed && typeof parsed.appointmentId === 'string' && (parsed.phase === 'first' || parsed.phase === 'second')) {
      return { appointmentId: parsed.appointmentId, phase: parsed.phase };
    }
  } catch {
    // unreadable: as if only the spec's flag were stored
  }
  // Only the spec's flag (stored before the phase was): the call the member is being sent to.
  return null;
};

/** The place the member confirmed on the location form (issue 11), if any. */
const readConfirmedPlace = (): ConfirmedPlace | null => {
  try {
    const value = JSON.parse(readStorage(STORAGE_KEYS.locationConfirmed) ?? 'null') as Partial<ConfirmedPlace> | null;
    return value && typeof value.country === 'string' && typeof value.state === 'string' && typeof value.city === 'string' ? { country: value.country, state: value.state, city: value.city } : null;
  } catch {
    return null;
  }
};

/** spec 3: the loginless-consult flag (stored with a minute timestamp by the link entry). */
export const isLoginlessConsult = (): boolean => readStorage(STORAGE_KEYS.loginlessConsult) !== null;

/**
 * /consulta/video-llamada (spec 2, spec 4 "Waiting room and call"). Members go through the prejoin
 * steps (1 camera and microphone, 2 confirm state and city, 3 waiting room with the non-dismissible
 * 'enter consultation' dialog or a direct join); physicians open it with ?appointmentId= and go
 * straight to the call once their camera is on. The chat drawer comes from the route (app/) as a slot.
 */
export function CallScreen({ renderChat, renderChart }: { renderChat?: (props: ChatSlotProps) => ReactNode; renderChart?: (props: ChartSlotProps) => ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const member = useMember();
  const currentId = useCurrentAppointmentId();
  const socket = useStore(socketStore);
  const userType = member.data?.userType;
  const isPhysician = userType === 'mx-physician' || userType === 'us-physician';
  const loginless = isLoginlessConsult();
  const appointmentId = isPhysician ? params.get('appointmentId') : currentId;
  const [hadAppointment, setHadAppointment] = useState(!!appointmentId);
  useEffect(() => {
    if (appointmentId) setHadAppointment(true);
  }, [appointmentId]);

  // The one cached appointment: the alerts hook patches its state as alerts arrive.
  const details = useAppointment(appointmentId);
  const appointment: AppointmentDto | undefined = details.data;

  // The appointment's room brings its alerts to physicians (members get theirs in their own room).
  useEffect(() => {
    if (!socket || !appointmentId) return undefined;
    const subscribe = () => socket.emit(REALTIME_EVENTS.appointmentSubscribe, { appointmentId });
    subscribe();
    socket.on('connect', subscribe);
    return () => {
      socket.off('connect', subscribe);
    };
  }, [socket, appointmentId]);

  const rawState: AppointmentState | undefined = appointment?.state;
  // spec 4: loginless consults treat states 1 to 3 as 3.
  const state = rawState && loginless ? loginlessView({ state: rawState }).state : rawState;

  if (member.isLoading) return <CallLoading />;
  // spec 2: with no appointment on entry, to the root. An appointment that ends during the visit is
  // forgotten after its router navigated (issue 11: a cancel goes to its own screen, not the root).
  if (!appointmentId && hadAppointment) return <CallLoading />;
  const entry = videoCallEntryRedirect(!!appointmentId);
  if (entry || !appointmentId) return <Navigate to={entry?.to ?? '/'} replace />;
  if (!state || !appointment) return <CallLoading />;
  const role: CallRole = userType === 'mx-physician' ? 'mx-physician' : userType === 'us-physician' ? 'us-physician' : 'member';
  return <CallFlow key={appointmentId} appointment={appointment} state={state} role={role} loginless={loginless} renderChat={renderChat} renderChart={renderChart} navigate={(to) => void navigate(to, { replace: true })} t={t} />;
}

function CallLoading() {
  const { t } = useTranslation();
  return (
    <Screen testId="call-screen">
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    </Screen>
  );
}

interface FlowProps {
  appointment: AppointmentDto;
  state: AppointmentState;
  role: CallRole;
  loginless: boolean;
  renderChat?: (props: ChatSlotProps) => ReactNode;
  renderChart?: (props: ChartSlotProps) => ReactNode;
  navigate: (to: string) => void;
  t: ReturnType<typeof useTranslation>['t'];
}

function CallFlow({ appointment, state, role, loginless, renderChat, renderChart, navigate, t }: FlowProps) {
  const socket = useStore(socketStore);
  const media = useLocalMedia();
  const labels = usePhysicianLabels();
  const isMember = role === 'member';
  const [step, setStep] = useState<Step>(1);
  // spec 3/4: the member has been in this consultation's call (the coach's; a guest's link marks it).
  const [alreadyJoined] = useState(() => readStorage(STORAGE_KEYS.hasJoinedToCall) === 'true');
  const [stored] = useState(readJoinedCall);
  // Only the spec's flag, no record of which call (stored by an older version): the old reading.
  const [legacy] = useState(() => alreadyJoined && readStorage(STORAGE_KEYS.joinedCall) === null);
  // The call the member entered (its phase). Entering the first call does not carry over to the
  // second: the server passes through ER_ACCEPTS_CONSULTATION (join directly) on its way to S7, and a
  // member whose prejoin ended in between waits in waiting room two once S7 arrives, as one who came
  // from SC038 after it does; S8 then joins her directly.
  const [enteredPhase, setEnteredPhase] = useState<CallPhase | null>(null);
  const entered = enteredPhase !== null && !(enteredPhase === 'first' && isSecondCall(state));
  const currentPhase = callPhase(state);
  const setEntered = useCallback(() => setEnteredPhase(currentPhase), [currentPhase]);
  const [rejoinBusy, setRejoinBusy] = useState(false);
  const [mediaProblem, setMediaProblem] = useState<MediaProblem | null>(null);
  const [error, setError] = useState<{ message: string; code?: number } | null>(null);
  const [chatOpen, setChatOpen] = useState(false);
  const [chatUnread, setChatUnread] = useState(false);
  const [channel, setChannel] = useState<Channel>(appointment.channel);
  // spec 4 countdown: the first waiting room counts from the request (a reload or a later visit
  // does not restart it); the second from when the wait for the US doctor was first seen here.
  const [mountedAt] = useState(() => Date.now());
  const [secondCallSince, setSecondCallSince] = useState<number | null>(null);
  // spec 4: waiting for a scheduled consultation (state 1), the member is told when her coach is busy in another one.
  const coachBusy = useScheduledCoachBusy(appointment.id, isMember && appointment.type === 'scheduled' && state === APPOINTMENT_STATE.S1_IN_QUEUE_FOR_COACH);
  const [now, setNow] = useState(() => Date.now());

  // Step 1: camera and microphone (spec 8 errors: NotAllowedError dialog; guests -> permissions screen).
  const handleMediaError = useCallback(
    (err: { name: string; message: string }) => {
      console.warn('camera or microphone refused', err.name, err.message);
      const route = callErrorRoute(loginless && err.name === 'NotAllowedError' ? { message: 'Permission denied' } : err);
      if (route.kind === 'not-allowed-dialog') setMediaProblem('not-allowed');
      else if (route.kind === 'media-device-dialog') setMediaProblem(route.problem);
      else if (route.kind === 'navigate') navigate(route.to);
      else setError({ message: route.message, code: route.code });
    },
    [loginless, navigate],
  );
  const requestMedia = useCallback(async () => {
    setMediaProblem(null);
    const stream = await media.request();
    if (!stream) return;
    if (isMember) {
      // Guests and returning members skip the location step (their appointment has it).
      // issue 11: an on-demand request confirmed the place on the location form: not asked again.
      const next: Step = loginless || appointment.preJoinStep === 3 || locationConfirmedBeforeCall(appointment, readConfirmedPlace()) ? 3 : 2;
      setStep(next);
      void updatePrejoin({ id: appointment.id, preJoinStep: next, cameraAccessGranted: true }).catch(() => undefined);
    } else setStep(3);
  }, [media, isMember, loginless, appointment]);
  useEffect(() => {
    if (media.status === 'failed' && media.error) handleMediaError(media.error);
  }, [media.status, media.error, handleMediaError]);
  useEffect(() => {
    if (media.status === 'idle') void requestMedia();
  }, [media.status, requestMedia]);

  // spec 4: on the prejoin screen some states send the member to the survey or the finished page.
  const redirect = isMember && !entered ? prejoinRedirect(state, { loginless, appointmentId: appointment.id }) : null;
  useEffect(() => {
    if (redirect) navigate(redirect.to);
  }, [redirect, navigate]);

  // Returning (the return-to-call modal) only after a reload or a drop in the same call; the planned
  // second call after waiting room two is joined as spec 4 says for S3/S8 (directly, having joined).
  const returning =
    isMember &&
    (legacy
      ? !loginless && joinedInThisPage?.appointmentId !== appointment.id
      : isReturningToCall(state, { appointmentId: appointment.id, stored, inThisPage: joinedInThisPage, loginless }));
  const decision = waitingRoomDecision(state, { alreadyJoined, loginless, hasUsDoctor: !!appointment.usDoctorId });
  // issue 11: a clinician leaves the call once it is over for them (never left on a waiting room with the camera live).
  const clinicianCallOver = !isMember && isClinicianCallOver(state);
  const inCall = step === 3 && (isMember ? entered || (!returning && decision === 'join') : isCallOpen(state) && !clinicianCallOver);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [chartOpen, setChartOpen] = useState(false);
  const askReturn = isMember && step === 3 && returning && !entered && (decision === 'join' || isInCallState(state));

  // A direct join stays joined while the call goes on (later states no longer say 'join').
  const joinsDirectly = isMember && step === 3 && !returning && decision === 'join';
  useEffect(() => {
    if (joinsDirectly) setEntered();
  }, [joinsDirectly, setEntered]);
  // Which call the member is in, while media flows (not once it ends: the router clears the flags then).
  const livePhase = inCall && isMember && isInCallState(state) ? callPhase(state) : null;
  useEffect(() => {
    if (!livePhase) return;
    joinedInThisPage = { appointmentId: appointment.id, phase: livePhase };
    writeStorage(STORAGE_KEYS.hasJoinedToCall, 'true');
    writeStorage(STORAGE_KEYS.joinedCall, JSON.stringify(joinedInThisPage));
  }, [livePhase, appointment.id]);
  useCallTracking({ appointmentId: appointment.id, isMember, step, inCall, state, channel });
  useEffect(() => {
    if (inCall) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [inCall]);

  const handleFailure = useCallback(
    (failure: CallFailure) => {
      if (failure.stage === 'token') {
        // spec 7: on a failed token call the error is stored and the user goes to /lo.
        try {
          window.sessionStorage.setItem('puente:call-error', JSON.stringify(failure));
        } catch {
          // storage may be unavailable
        }
        navigate(buildPath('logout'));
        return;
      }
      const route = callErrorRoute({ message: failure.message, code: callErrorCodeFor(failure.code) });
      if (route.kind === 'navigate') navigate(route.to);
      else if (route.kind === 'dialog') setError({ message: route.message, code: route.code });
    },
    [navigate],
  );
  const handleChannelChanged = useCallback((change: ChannelChange) => {
    setChannel(change.channel);
    if (change.channel === 'chat') setChatOpen(true);
  }, []);
  const { mesh, snapshot } = useCallMesh({ socket, appointmentId: appointment.id, stream: media.stream, channel, enabled: inCall, onChannelChanged: handleChannelChanged, onFailure: handleFailure });
  const network = useNetworkQuality({
    mesh,
    appointmentId: appointment.id,
    hasConversation: !!appointment.conversationid || appointment.chatHasMessages,
    connected: snapshot.roomState === 'connected' && snapshot.peers.length > 0,
  });
  useEffect(() => {
    if (window.__puenteCall && mesh && window.__puenteCall.mesh === mesh) window.__puenteCall.evaluateNetwork = network.evaluate;
  }, [mesh, network.evaluate]);

  const handleSwitchChannel = async (to: Channel) => {
    try {
      const change = await switchChannel({ appointmentId: appointment.id, channel: to });
      mesh?.applyChannel(change.channel);
      handleChannelChanged(change);
    } catch {
      showToast({ variant: 'warning', message: 'vc_channel_error' });
    }
  };
  const handleSuggestion = (s: NetworkSuggestion) => {
    network.dismiss();
    if (s === 'chat-consultation') void handleSwitchChannel('chat');
    if (s === 'audio-only') void handleSwitchChannel('phone-call');
  };
  const handleEnter = () => setEntered();
  const handleReturn = async () => {
    setRejoinBusy(true);
    writeStorage(STORAGE_KEYS.consultationRejoined, 'true');
    try {
      await markRejoined(appointment.id);
    } catch (e) {
      console.warn('rejoin not recorded', e);
    }
    setRejoinBusy(false);
    setEntered();
  };

  const secondCall = isSecondCall(state);
  useEffect(() => {
    if (secondCall && secondCallSince === null) setSecondCallSince(Date.now());
  }, [secondCall, secondCallSince]);
  const names: Partial<Record<CallRole, string>> = {
    'mx-physician': appointment.mxDoctor ? labels.name(appointment.mxDoctor) : undefined,
    'us-physician': appointment.usDoctor ? labels.name(appointment.usDoctor) : undefined,
    member: appointment.memberName ?? undefined,
  };
  const doctorName = (secondCall ? names['us-physician'] : names['mx-physician']) ?? null;
  const requestedAt = Date.parse(appointment.createdAt);
  const waitingSince = secondCall ? (secondCallSince ?? now) : Number.isNaN(requestedAt) ? mountedAt : requestedAt;
  // issue 11: to the server's deadline for this wait (the queue's), so every visit shows the time really left.
  const countdown = waitingCountdown({ now, deadlineAt: appointment.deadlineAt, waitingSince });

  // issue 11: the hang-up button and the waiting room's "leave", confirmed where ending affects the others.
  const hangUp = useHangUp();
  const [confirming, setConfirming] = useState<{ action: Exclude<HangUpAction, { kind: 'leave' }>; kind: 'leave-waiting-room' | 'member-end' | 'coach-end' | 'doctor-end' } | null>(null);
  const dashboardPath = buildPath('dashboardConsultation', { id: appointment.id });
  const handleHangUp = (where: 'call' | 'waiting-room') => {
    const action = hangUpAction(role, state, where);
    if (action.kind === 'leave') {
      navigate(isMember ? buildPath('home') : dashboardPath);
      return;
    }
    const kind = role === 'member' ? (where === 'waiting-room' ? 'leave-waiting-room' : 'member-end') : role === 'mx-physician' ? 'coach-end' : 'doctor-end';
    setConfirming({ action, kind });
  };
  // spec 4: the prejoin steps' own cancel reasons; the member is routed by the cancel's alert.
  const cancelPrejoin = async (reason: PrejoinCancel['reason']) => {
    try {
      await hangUp.mutateAsync({ appointmentId: appointment.id, action: { kind: 'cancel', reason, confirm: false } });
      setMediaProblem(null);
    } catch {
      showToast({ variant: 'warning', message: 'vc_hang_up_error' });
    }
  };
  const handleConfirmHangUp = async () => {
    if (!confirming) return;
    try {
      await hangUp.mutateAsync({ appointmentId: appointment.id, action: confirming.action });
      setConfirming(null);
      // The member is routed by the cancel's alert (spec 4 reasons); clinicians go on in the dashboard.
      if (!isMember) navigate(dashboardPath);
    } catch {
      setConfirming(null);
      showToast({ variant: 'warning', message: 'vc_hang_up_error' });
    }
  };
  // A clinician whose consultation ends under them (the member left, a timeout, an admin) is told
  // why and goes back to the dashboard, with the next request in view.
  const endedUnder = !isMember && (state === S.S12_CANCELED || state === S.SCHEDULED_CANCELED);
  useEffect(() => {
    if (!endedUnder) return;
    showToast({ variant: 'info', message: `vc_consultation_ended_${endReasonRoute(appointment.statusReason).clinician.replace(/-/g, '_')}` });
    navigate(buildPath('dashboard'));
  }, [endedUnder, appointment.statusReason, navigate]);
  // issue 11: the call ended some other way (the US doctor ended it, the coach finished, a treatment
  // is pending): each clinician goes on in the consultation, which finishes into the dashboard.
  useEffect(() => {
    if (clinicianCallOver && !endedUnder) navigate(dashboardPath);
  }, [clinicianCallOver, endedUnder, dashboardPath, navigate]);
  const steps = intakeSteps({ locationConfirmedBeforeCall: locationConfirmedBeforeCall(appointment, readConfirmedPlace()) });
  const crisis = isMember && showsCrisisPath(appointment.practice);
  const place = appointment.location ? `${appointment.location.city}, ${appointment.location.state}` : null;

  const chart = !isMember && inCall && renderChart ? renderChart({ appointmentId: appointment.id }) : null;
  const room = (
    <CallRoom
      mesh={mesh}
      snapshot={snapshot}
      me={role}
      names={names}
      suggestions={network.suggestions}
      onSuggestion={handleSuggestion}
      onSwitchChannel={(c) => void handleSwitchChannel(c)}
      onOpenChat={() => setChatOpen(true)}
      chatUnread={chatUnread}
      onHangUp={() => handleHangUp('call')}
      extra={
        role !== 'member' ? (
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
            {/* issue 11: on a phone the chart opens in a drawer over the call, which stays connected. */}
            {chart && !desktop ? (
              <Button variant="contained" onClick={() => setChartOpen(true)} data-testid="call-open-chart">
                {t('vc_open_chart')}
              </Button>
            ) : null}
            <Button variant="text" onClick={() => navigate(dashboardPath)} data-testid="call-back-to-dashboard">
              {t('vc_back_to_dashboard')}
            </Button>
          </Box>
        ) : null
      }
    />
  );

  return (
    <Screen testId="call-screen" wide={!!chart && desktop}>
      <Box data-testid="call-flow" data-step={step} data-state={state} data-in-call={inCall} data-role={role} data-loginless={loginless} data-room-state={snapshot.roomState} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
        {inCall ? t('vc_title') : t('vc_prejoin_title')}
      </Typography>

      {step === 1 ? (
        <Paper elevation={0} data-testid="call-step-permissions" sx={{ p: 3, border: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="overline" data-testid="call-step-number">{t('vc_step', intakeStepNumber(steps, 'media'))}</Typography>
          <Typography variant="h6" component="h2">
            {t('vc_permissions_title')}
          </Typography>
          <Typography color="text.secondary">{t('vc_permissions_body')}</Typography>
          <Button variant="contained" onClick={() => void requestMedia()} disabled={media.status === 'requesting'} data-testid="call-allow-media">
            {t('vc_permissions_button')}
          </Button>
        </Paper>
      ) : null}

      {step === 2 ? (
        <Paper elevation={0} data-testid="call-step-location" sx={{ p: 3, border: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="overline" data-testid="call-step-number">{t('vc_step', intakeStepNumber(steps, 'location'))}</Typography>
          <Typography variant="h6" component="h2">
            {t('vc_location_title')}
          </Typography>
          <Typography data-testid="call-location-value">
            {appointment.location ? `${appointment.location.city}, ${appointment.location.state}` : t('vc_location_missing')}
          </Typography>
          <Button
            variant="contained"
            data-testid="call-location-confirm"
            disabled={hangUp.isPending}
            onClick={() => {
              // spec 6: non-US members without full care are not served here; spec 4: the request is
              // cancelled with limited-services and its alert takes her to the available coaches
              // with the limited-services modal.
              if (appointment.serviceScope === 'coaching-only' && appointment.location?.country !== 'US') {
                void cancelPrejoin('limited-services');
                return;
              }
              setStep(3);
              void updatePrejoin({ id: appointment.id, preJoinStep: 3 }).catch(() => undefined);
            }}
          >
            {t('vc_location_confirm')}
          </Button>
          {/* spec 4: a member who cannot confirm this place ends the request with location-confirmation (and asks again from her place). */}
          <Button variant="text" disabled={hangUp.isPending} onClick={() => void cancelPrejoin('location-confirmation')} data-testid="call-location-change">
            {t('vc_location_change')}
          </Button>
        </Paper>
      ) : null}

      {step === 3 && !inCall ? (
        <Paper elevation={0} data-testid="waiting-room" data-room={secondCall ? 'wr-two' : 'wr-one'} data-state={state} sx={{ p: 3, border: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}>
          <Box sx={{ position: 'relative', display: 'inline-flex' }}>
            <CircularProgress size={72} thickness={2.5} aria-label={t('vc_waiting')} />
            <HourglassTopOutlined color="primary" sx={{ position: 'absolute', top: 24, left: 24 }} />
          </Box>
          {isMember && !secondCall ? (
            <Typography variant="overline" data-testid="call-step-number">
              {t('vc_step', intakeStepNumber(steps, 'waiting-room'))}
            </Typography>
          ) : null}
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            {secondCall ? t('vc_wr_two_title') : t('vc_wr_one_title')}
          </Typography>
          {doctorName ? <Typography color="text.secondary">{t('vc_wr_with', { name: doctorName })}</Typography> : null}
          {coachBusy ? (
            <Alert severity="info" data-testid="coach-busy">
              {t('appointment_modal_busy')}
            </Alert>
          ) : null}
          <Typography variant="h4" component="p" sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums' }} data-testid="call-waiting-countdown">
            {countdown ?? t('vc_waiting_few_more_minutes')}
          </Typography>
          <VideoTile stream={media.stream} label={t('vc_you')} muted mirrored testId="call-preview" variant="strip" />
          {crisis ? <CrisisHelp country={appointment.location?.country} place={place} /> : null}
          {isMember ? (
            <Button variant="outlined" color="error" onClick={() => handleHangUp('waiting-room')} data-testid="waiting-room-leave">
              {t('vc_leave_waiting_room')}
            </Button>
          ) : null}
        </Paper>
      ) : null}

      {inCall && chart && desktop ? (
        <Box data-testid="call-with-chart" sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr) minmax(380px, 42%)', alignItems: 'start' }}>
          {room}
          <Box component="section" aria-label={t('vc_chart_label')} data-testid="call-chart" sx={{ position: 'sticky', top: 16, maxHeight: 'calc(100dvh - 32px)', overflowY: 'auto', minWidth: 0 }}>
            {chart}
          </Box>
        </Box>
      ) : inCall ? (
        room
      ) : null}
      {inCall && chart && !desktop ? (
        <Drawer
          anchor="bottom"
          open={chartOpen}
          onClose={() => setChartOpen(false)}
          keepMounted
          // The open sheet is a dialog (role="dialog" on MUI's sheet): named as the chart.
          slotProps={{ paper: { 'aria-label': t('vc_chart_label'), sx: { maxHeight: '85dvh', p: 2, borderTopLeftRadius: 16, borderTopRightRadius: 16 } } }}
        >
          {/* Not a named section: the sheet is already the dialog named as the chart (a screen reader said the name twice). */}
          <Box data-testid="call-chart">
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button onClick={() => setChartOpen(false)} data-testid="call-close-chart">
                {t('vc_close_chart')}
              </Button>
            </Box>
            {chart}
          </Box>
        </Drawer>
      ) : null}

      {renderChat ? renderChat({ appointmentId: appointment.id, open: chatOpen, onClose: () => setChatOpen(false), onUnreadChange: setChatUnread }) : null}
      <EnterConsultationDialog open={isMember && step === 3 && !inCall && !askReturn && decision === 'enter-consultation-dialog'} name={doctorName} onEnter={handleEnter} />
      <HangUpDialog open={!!confirming} kind={confirming?.kind ?? 'member-end'} busy={hangUp.isPending} onConfirm={() => void handleConfirmHangUp()} onCancel={() => setConfirming(null)} />
      <ReturnToCallDialog open={askReturn} onAccept={() => void handleReturn()} busy={rejoinBusy} />
      <NotAllowedDialog problem={mediaProblem} onRetry={() => void requestMedia()} onLeave={isMember && !loginless ? () => void cancelPrejoin('media-permissions') : undefined} busy={hangUp.isPending} />
      <CallErrorDialog open={!!error} message={error?.message ?? ''} code={error?.code} onClose={() => setError(null)} />
    </Screen>
  );
}

