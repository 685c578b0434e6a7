import type { AppointmentDto, PrescriptionDto } from '@puente/contracts';
import { APPOINTMENT_STATE as S, buildPath, isFinishedLike, participantRole, type AppointmentState, type EscalationRequest } from '@puente/domain';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useNavigate } from '@/lib/navigation';
import { StaffFrame } from '@/features/profile';
import { isApiRequestError } from '@/lib/api-client';
import { useMember } from '@/features/profile';
import { cacheAppointment } from '@/features/appointments';
import { showToast } from '@/lib/toast';
import { useDeclineAppointment } from '../api/decline-appointment';
import { useFinishAppointment } from '../api/finish-appointment';
import { useDashboardAppointment } from '../api/get-dashboard-appointment';
import { useSaveMedicalRecord } from '../api/save-medical-record';
import { useSendPrescription } from '../api/send-prescription';
import { useUpdateAppointmentState } from '../api/update-appointment-state';
import { useDashboardRealtime } from '../hooks/use-dashboard-realtime';
import { useDoctorNotice } from '../hooks/use-doctor-notice';
import { useTakeAppointment } from '../hooks/use-take-appointment';
import { ActionsBar } from './actions-bar';
import { StateChip } from './appointment-summary';
import { ConfirmDialog } from './confirm-dialog';
import { ConsultationNotes } from './consultation-notes';
import { DASHBOARD_ACTIONS, actionsFor, type DashboardAction } from './dashboard-actions';
import { DoctorModal } from './doctor-modal';
import { EscalationDialog } from './escalation-dialog';
import { HistoryTab } from './history-tab';
import { MemberHistory, MemberProfile } from './member-record';
import { MemberPanel } from './member-panel';
import { PlanTab } from './plan-tab';
import { EMPTY_PHARMACY, PrescriptionTab, type PharmacyDraft } from './prescription-tab';

const TABS = [
  { id: 'medical-prescription', testId: 'tab-prescription', label: 'dashboard_tab_prescription' },
  { id: 'clinical-history', testId: 'tab-history', label: 'dashboard_tab_history' },
  { id: 'medical-plan', testId: 'tab-plan', label: 'dashboard_tab_plan' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export type PrescribingSlot = (appointment: AppointmentDto, onAppointment: (a: AppointmentDto) => void) => ReactNode;

/** /dashboard/consulta/:id: one consultation for its coach or US doctor. */
export function ConsultationScreen({
  prescribing,
}: {
  /** The US doctor's prescription workspace (composed by the app: the prescribing feature, issues 11/12). */
  prescribing?: PrescribingSlot;
} = {}) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const me = useMember().data;
  const name = [me?.firstName, me?.lastName].filter(Boolean).join(' ');
  return (
    <StaffFrame testId="dashboard" title={t('dashboard_title')} subtitle={me ? `${name} · ${t(`dashboard_role_${me.userType}`)}` : undefined} logoutLabel={t('dashboard_logout')}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="consultation-screen">
        <Box>
          <Button component={RouterLink} to={buildPath('dashboard')} startIcon={<ArrowBack />} data-testid="back-to-dashboard">
            {t('dashboard_back')}
          </Button>
        </Box>
        <ConsultationWorkspace id={id} prescribing={prescribing} layout="page" />
      </Box>
    </StaffFrame>
  );
}

/** The server answered no (a rule, the state moved on), as opposed to a request that did not get through. */
const isRefusal = (error: unknown): boolean => isApiRequestError(error) && error.code !== 'UNKNOWN_ERROR' && error.status !== 0;

/**
 * The consultation's record and actions for its coach or US doctor (issue 11): the member profile,
 * the intake and health profile, the notes, the prescription, clinical history and plan tabs, and
 * the state's actions (escalate with a reason and urgency, send to the waiting room, end, finish,
 * transfer). The consultation page shows it in two columns; the call beside the video in one
 * (`layout="call"`), so the clinician never leaves the call to write.
 */
export function ConsultationWorkspace({ id, prescribing, layout }: { id: string; prescribing?: PrescribingSlot; layout: 'page' | 'call' }) {
  const { t } = useTranslation();
  const member = useMember();
  const me = member.data;
  const userType = me?.userType === 'us-physician' ? 'us-physician' : 'mx-physician';
  const appointment = useDashboardAppointment(id);
  const accept = useTakeAppointment(me?.userType);
  const update = useUpdateAppointmentState();
  const send = useSendPrescription();
  const saveRecord = useSaveMedicalRecord();
  const finish = useFinishAppointment();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [tab, setTab] = useState<TabId>('medical-prescription');
  const [lines, setLines] = useState<PrescriptionDto[]>([]);
  const [pharmacy, setPharmacy] = useState<PharmacyDraft>(EMPTY_PHARMACY);
  const [escalating, setEscalating] = useState(false);
  const [confirmEnd, setConfirmEnd] = useState<'end-call' | 'finish-call' | null>(null);
  const [confirmTransfer, setConfirmTransfer] = useState(false);
  const decline = useDeclineAppointment();
  const a = appointment.data;
  const state: AppointmentState | undefined = a?.state;
  const notice = useDoctorNotice(me?.userType, a?.id, state);
  // Alerts of this consultation raise their notice even when the server has already moved on.
  useDashboardRealtime(id, (alert) => {
    if (alert.appointmentId === id) notice.announce(alert.state, id);
  });
  // Assigned in her own role: the coach as the coach, the US doctor as the US doctor (the domain's participant rule).
  const assigned = !!a && !!me && participantRole(a, me.id) === userType;
  // issue 11: the coach told the US doctor finished (S9) is done here: back to the dashboard, the next request in view.
  const handleNoticeClose = () => {
    const finished = notice.modal === 'consultation-finished' && userType === 'mx-physician';
    notice.close();
    if (finished) void navigate(buildPath('dashboard'));
  };
  const viewer = { userType, assigned } as const;
  const canSendTreatment = !!state && actionsFor(state, viewer).includes('send-treatment');
  const busy = accept.isPending || update.isPending || send.isPending || saveRecord.isPending || finish.isPending;

  const handleError = (error: unknown) => {
    showToast({ variant: 'warning', message: isRefusal(error) ? 'dashboard_action_refused' : 'dashboard_action_error' });
    void appointment.refetch();
  };

  const handleSendTreatment = async () => {
    if (!a) return;
    if (lines.length === 0) {
      setTab('medical-prescription');
      showToast({ variant: 'warning', message: 'dashboard_rx_required' });
      return;
    }
    try {
      if (pharmacy.pharmStoreName.trim()) {
        const clean = Object.fromEntries(Object.entries(pharmacy).map(([k, v]) => [k, v.trim() || null]));
        // The server merges the record: only the pharmacy is sent.
        await saveRecord.mutateAsync({ appointmentId: a.id, medicalRecord: { pharmacy: clean } });
      }
      await send.mutateAsync({ appointmentId: a.id, prescriptions: lines });
      setLines([]);
      showToast({ variant: 'success', message: 'dashboard_rx_sent_toast' });
    } catch (error) {
      handleError(error);
    }
  };

  const handleAction = (action: DashboardAction) => {
    if (!a) return;
    switch (action) {
      case 'accept-request':
      case 'accept-escalation':
        accept.take(a.id).catch(handleError);
        return;
      case 'send-treatment':
        // With the prescription workspace the treatment is signed and sent from the prescription tab.
        if (prescribing) setTab('medical-prescription');
        else void handleSendTreatment();
        return;
      case 'request-us-doctor':
        // issue 11: the request carries the coach's reason and urgency.
        setEscalating(true);
        return;
      case 'finish-call':
      case 'end-call':
        // issue 11: ending the call affects the member and the other clinician: asked first.
        setConfirmEnd(action);
        return;
      case 'finish-consultation':
        // issue 11: the clinician is back on the dashboard, with the next request in view.
        finish.mutate(a.id, { onError: handleError, onSuccess: () => void navigate(buildPath('dashboard')) });
        return;
      case 'coach-join-call':
      case 'continue-alone':
      case 'send-to-waiting-room':
      case 'join-call':
        update.mutate({ id: a.id, state: DASHBOARD_ACTIONS[action].to }, { onError: handleError });
        return;
      default: {
        const exhaustive: never = action;
        return exhaustive;
      }
    }
  };

  const handleEscalate = (escalation: EscalationRequest) => {
    if (!a) return;
    const to = DASHBOARD_ACTIONS['request-us-doctor'].to;
    update.mutate(
      { id: a.id, state: to, escalation },
      {
        onSuccess: () => {
          setEscalating(false);
          notice.announce(to);
        },
        onError: (error) => {
          // Refused (the consultation moved on): the request no longer applies. A request that did
          // not go through keeps the dialog open with her reason, to send again.
          if (isRefusal(error)) setEscalating(false);
          handleError(error);
        },
      },
    );
  };
  const handleConfirmEnd = () => {
    if (!a || !confirmEnd) return;
    const action = confirmEnd;
    setConfirmEnd(null);
    update.mutate({ id: a.id, state: DASHBOARD_ACTIONS[action].to }, { onError: handleError });
  };
  // issue 11: a US doctor who took the escalation may hand it to another US doctor (it goes back to their queue).
  const canTransfer = !!a && userType === 'us-physician' && assigned && a.state === S.S7_ER_IS_REVIEWING;
  const handleTransfer = () => {
    if (!a) return;
    decline.mutate(a.id, {
      onSuccess: () => {
        setConfirmTransfer(false);
        showToast({ variant: 'info', message: 'dashboard_transferred_toast' });
        void navigate(buildPath('dashboard'));
      },
      onError: (error) => {
        setConfirmTransfer(false);
        handleError(error);
      },
    });
  };

  const inCall = layout === 'call';
  // The page's heading is the call's beside it (h2 here), else this page's own.
  const headingProps = inCall ? ({ variant: 'h6', component: 'h2' } as const) : ({ variant: 'h5', component: 'h1' } as const);
  const record = a ? (
    <>
      <MemberPanel appointment={a} />
      {/* The server shows these only to the member's physicians: not before taking the request. */}
      {assigned ? <MemberProfile memberId={a.memberId} /> : null}
      {assigned ? <MemberHistory memberId={a.memberId} currentId={a.id} /> : null}
    </>
  ) : null;
  const chart = a ? (
    <Paper variant="outlined" sx={{ borderRadius: 2 }}>
      <Tabs value={tab} onChange={(_e, v: TabId) => setTab(v)} variant="scrollable" allowScrollButtonsMobile sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
        {TABS.map((tb) => (
          <Tab key={tb.id} value={tb.id} label={t(tb.label)} data-testid={tb.testId} />
        ))}
      </Tabs>
      <Box sx={{ p: 2.5 }}>
        {tab === 'medical-prescription' && prescribing && userType === 'us-physician' && assigned ? (
          prescribing(a, (next) => cacheAppointment(queryClient, next))
        ) : tab === 'medical-prescription' ? (
          <PrescriptionTab
            appointment={a}
            editable={canSendTreatment}
            viewerIsCoach={userType === 'mx-physician'}
            lines={lines}
            onLinesChange={setLines}
            pharmacy={pharmacy}
            onPharmacyChange={setPharmacy}
          />
        ) : tab === 'clinical-history' ? (
          <HistoryTab memberId={a.memberId} currentId={a.id} />
        ) : (
          <PlanTab appointment={a} editable={assigned} />
        )}
      </Box>
    </Paper>
  ) : null;
  return (
    <>
        {appointment.isPending || appointment.isError || !a ? (
          <>
            {/* The page's heading before (or without) the consultation: the page's title (the header's heading names the member once it is here). */}
            <Typography {...headingProps} sx={{ fontWeight: 800 }}>
              {t('page_title_dashboard_consultation')}
            </Typography>
            {appointment.isPending ? (
              <Skeleton variant="rounded" height={240} />
            ) : (
              <Alert severity="error" data-testid="consultation-error">
                {t('dashboard_consultation_not_found')}
              </Alert>
            )}
          </>
        ) : (
          <>
            <Paper variant="outlined" sx={{ p: inCall ? 2 : 2.5, borderRadius: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="consultation-header">
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
                <Typography {...headingProps} sx={{ fontWeight: 800 }}>
                  {t('dashboard_consultation_with', { name: a.memberName ?? t('dashboard_member_unknown') })}
                </Typography>
                <StateChip state={a.state} />
              </Box>
              {isFinishedLike(a.state) ? <Typography color="text.secondary">{t('dashboard_consultation_over')}</Typography> : null}
              <ActionsBar state={a.state} viewer={viewer} busy={busy} onAction={handleAction} />
              {canTransfer ? (
                <Box>
                  <Button variant="outlined" color="inherit" onClick={() => setConfirmTransfer(true)} disabled={busy || decline.isPending} data-testid="transfer-consultation">
                    {t('dashboard_transfer')}
                  </Button>
                </Box>
              ) : null}
            </Paper>
            {inCall ? (
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
                <ConsultationNotes appointment={a} userType={userType} editable={assigned} />
                {record}
                {chart}
              </Box>
            ) : (
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 340px) minmax(0, 1fr)' }, alignItems: 'start' }}>
                <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>{record}</Box>
                <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
                  {chart}
                  <ConsultationNotes appointment={a} userType={userType} editable={assigned} />
                </Box>
              </Box>
            )}
          </>
        )}
      <DoctorModal modal={notice.modal} onClose={handleNoticeClose} />
      <EscalationDialog open={escalating} busy={update.isPending} onSubmit={handleEscalate} onCancel={() => setEscalating(false)} />
      <ConfirmDialog
        open={!!confirmEnd}
        testId="end-call-dialog"
        title={t('dashboard_end_call_title')}
        body={t(confirmEnd === 'end-call' ? 'dashboard_end_call_body_doctor' : 'dashboard_end_call_body_coach')}
        confirmLabel={t(confirmEnd ? `dashboard_action_${confirmEnd}` : 'dashboard_action_end-call')}
        busy={update.isPending}
        onConfirm={handleConfirmEnd}
        onCancel={() => setConfirmEnd(null)}
      />
      <ConfirmDialog
        open={confirmTransfer}
        testId="transfer-dialog"
        title={t('dashboard_transfer_title')}
        body={t('dashboard_transfer_body')}
        confirmLabel={t('dashboard_transfer')}
        busy={decline.isPending}
        onConfirm={handleTransfer}
        onCancel={() => setConfirmTransfer(false)}
      />
    </>
  );
}
