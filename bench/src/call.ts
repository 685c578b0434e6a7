/// <reference lib="dom" />
// Issue 5 benchmark: the call. Join -> first remote frame and offer -> connected, median of N
// calls between two Chromium tabs with fake camera and microphone, through our signaling (Socket.IO,
// participant check on every event). Baseline, same run: two RTCPeerConnections in one page that
// hand each other their descriptions directly (no server), i.e. what WebRTC itself costs here.
// The server runs in its own process (server-process.ts 'call'), the tabs in Chromium's.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serverProcess, type BenchProcess } from './lib';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

interface Mark {
  mark: string;
  peerId: string;
  at: number;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const p90 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))]!;

type Server = BenchProcess<{ url: string }>;
const consultation = (server: Server) => server.call<{ id: string; member: string; coach: string }>('consultation');

async function tab(browser: Browser, token: string, appointment?: string): Promise<Page> {
  const ctx = await browser.newContext();
  await ctx.addInitScript(
    ([t, a]) => {
      localStorage.setItem('sessionToken', t);
      localStorage.setItem('language', 'es');
      // A member already past the prejoin who joined before would see the return modal: not this one.
      if (a) localStorage.setItem('current-appointment', JSON.stringify({ id: a, state: '3-coach-joins-call', type: 'on-demand', usDoctorNeeded: false }));
    },
    [token, appointment ?? null] as const,
  );
  return ctx.newPage();
}

const marks = (page: Page): Promise<Mark[]> => page.evaluate(() => (window as unknown as { __puenteCall?: { marks: Mark[] } }).__puenteCall?.marks ?? []);
const until = async <T>(fn: () => Promise<T | undefined>, ms = 60_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** One call through the product: the coach waits in the call, the member enters. */
async function oneCall(browser: Browser, server: Server): Promise<{ joinToFrame: number; offerToConnected: number }> {
  const c = await consultation(server);
  const coach = await tab(browser, c.coach);
  await coach.goto(`${server.info.url}/consulta/video-llamada?appointmentId=${c.id}`);
  await until(async () => ((await marks(coach)).some((m) => m.mark === 'joined') ? true : undefined));
  const member = await tab(browser, c.member, c.id);
  await member.goto(`${server.info.url}/consulta/video-llamada`);
  await member.getByTestId('enter-consultation').click();
  const memberMarks = await until(async () => {
    const m = await marks(member);
    return m.some((x) => x.mark === 'first-remote-frame') ? m : undefined;
  });
  const coachMarks = await until(async () => {
    const m = await marks(coach);
    return m.some((x) => x.mark === 'connected') ? m : undefined;
  });
  const at = (list: Mark[], mark: string) => list.find((m) => m.mark === mark)!.at;
  if (process.env.BENCH_DEBUG) {
    const o = at(coachMarks, 'first-offer');
    console.log(['answer-applied', 'ice-connected', 'connected'].map((m) => `${m} +${(at(coachMarks, m) - o).toFixed(0)}`).join(' '));
  }
  const result = { joinToFrame: at(memberMarks, 'first-remote-frame') - at(memberMarks, 'join-start'), offerToConnected: at(coachMarks, 'connected') - at(coachMarks, 'first-offer') };
  await member.context().close();
  await coach.context().close();
  return result;
}

/** The baseline: a loopback pair of RTCPeerConnections in one page, the same media and codec. */
async function bareCall(browser: Browser, origin: string): Promise<{ joinToFrame: number; offerToConnected: number }> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${origin}/api/health`); // a secure context (loopback) for getUserMedia
  const r = await page.evaluate(async () => {
    const t0 = performance.now();
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 24 } } });
    const a = new RTCPeerConnection();
    const b = new RTCPeerConnection();
    a.onicecandidate = (e) => e.candidate && void b.addIceCandidate(e.candidate);
    b.onicecandidate = (e) => e.candidate && void a.addIceCandidate(e.candidate);
    for (const track of stream.getTracks()) a.addTrack(track, stream);
    const connected = new Promise<number>((resolve) => {
      a.onconnectionstatechange = () => a.connectionState === 'connected' && resolve(performance.now());
    });
    const tOffer = performance.now();
    await a.setLocalDescription();
    await b.setRemoteDescription(a.localDescription!);
    await b.setLocalDescription();
    await a.setRemoteDescription(b.localDescription!);
    const tConnected = await connected;
    for (;;) {
      let frames = 0;
      (await b.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
      });
      if (frames > 0) break;
      await new Promise((res) => setTimeout(res, 10));
    }
    const tFrame = performance.now();
    stream.getTracks().forEach((t) => t.stop());
    a.close();
    b.close();
    return { joinToFrame: tFrame - t0, offerToConnected: tConnected - tOffer };
  });
  await page.context().close();
  return r;
}

export async function callBench(calls = 10): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`call: skipped (no Chromium at ${CHROMIUM})`);
    return;
  }
  const server: Server = await serverProcess('call');
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    await oneCall(browser, server); // warm-up (first page load, codec start-up)
    await bareCall(browser, server.info.url);
    const ours: { joinToFrame: number; offerToConnected: number }[] = [];
    const bare: { joinToFrame: number; offerToConnected: number }[] = [];
    for (let i = 0; i < calls; i++) {
      ours.push(await oneCall(browser, server));
      bare.push(await bareCall(browser, server.info.url));
    }
    const line = (name: string, key: 'joinToFrame' | 'offerToConnected') => {
      const o = ours.map((x) => x[key]);
      const b = bare.map((x) => x[key]);
      console.log(
        `call ${name}: median ${median(o).toFixed(0)} ms (p90 ${p90(o).toFixed(0)} ms) over ${calls} calls vs loopback RTCPeerConnection median ${median(b).toFixed(0)} ms -> ratio ${(median(o) / median(b)).toFixed(2)}`,
      );
    };
    line('join -> first remote frame', 'joinToFrame');
    line('offer -> connected', 'offerToConnected');
  } finally {
    await browser.close();
    await server.close();
  }
}
