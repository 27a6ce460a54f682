import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { paths } from '~/config/paths';
import { errorMessage } from '~/lib/server-field-errors';
import { fetchDoorList, sendCheckIns } from '../api/event-queries';
import {
  applyServerResults,
  deviceIdOf,
  judgeLocally,
  loadDoorState,
  saveDoorState,
  verdictText,
  withList,
  type TDoorState,
  type TVerdict,
} from '../lib/door';
import { timeOfDay } from '../lib/format';
import { decodeFrame, nativeQrDetector } from '../lib/qr-reader';

const SYNC_EVERY_MS = 10_000;
/**
 * The camera sees a ticket many times a second, and for as long as it is held up: the same code
 * again within this time is the same scan. Stopping and starting the camera, or another code in
 * between, makes the next sight of it a new scan.
 */
const SAME_SCAN_MS = 30_000;

/**
 * The door on a phone: the camera reads tickets' QR codes (the browser's BarcodeDetector, else jsQR
 * on canvas frames), or a code is typed. Each scan is judged at once against the event's ticket
 * list (downloaded when the page opens and kept on the phone) and queued; the queue syncs whenever
 * the network is there, and the server's answer wins (a ticket admitted on two phones: the first to
 * reach the server wins, the other phone is told).
 */
export function DoorCheckIn({ eventId }: { eventId: string }) {
  const id = useId();
  const [state, setState] = useState<TDoorState | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [verdict, setVerdict] = useState<TVerdict | null>(null);
  const [typed, setTyped] = useState('');
  const [camera, setCamera] = useState<'off' | 'starting' | 'on' | 'refused'>('off');
  const [online, setOnline] = useState(true);
  const stateRef = useRef<TDoorState | null>(null);
  const syncing = useRef(false);
  const lastSeen = useRef<{ value: string; at: number } | null>(null);
  const latestScan = useRef<string | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);

  const update = useCallback(
    (next: TDoorState) => {
      stateRef.current = next;
      saveDoorState(localStorage, eventId, next);
      setState(next);
    },
    [eventId],
  );

  const sync = useCallback(async () => {
    const current = stateRef.current;
    if (!current || current.queue.length === 0 || syncing.current) return;
    syncing.current = true;
    const sent = current.queue.slice(0, 200);
    try {
      const results = await sendCheckIns(eventId, { deviceId: deviceIdOf(localStorage), checks: sent });
      setOnline(true);
      const next = applyServerResults(stateRef.current!, sent, results);
      update(next);
      return { sent, results };
    } catch {
      setOnline(false);
      return null;
    } finally {
      syncing.current = false;
    }
  }, [eventId, update]);

  // Opening: what the phone kept, then the list afresh (when the network is there).
  useEffect(() => {
    const kept = loadDoorState(localStorage, eventId);
    stateRef.current = kept;
    setState(kept);
    fetchDoorList(eventId)
      .then((list) => {
        update(withList(stateRef.current!, list));
        setOnline(true);
        void sync();
      })
      .catch((error: unknown) => {
        setOnline(false);
        if (!kept.list) setLoadProblem(errorMessage(error));
      });
    const timer = window.setInterval(() => void sync(), SYNC_EVERY_MS);
    const back = () => void sync();
    window.addEventListener('online', back);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', back);
    };
  }, [eventId, sync, update]);

  const check = useCallback(
    async (value: string) => {
      const current = stateRef.current;
      if (!current || !value.trim()) return;
      const judged = judgeLocally(current, value, new Date());
      latestScan.current = judged.scan.scanId;
      update(judged.state);
      setVerdict(judged.verdict);
      const synced = await sync();
      const answer = synced?.results[synced.sent.findIndex((s) => s.scanId === judged.scan.scanId)];
      // The server's word replaces the screen's only while this is still the last scan: a slow
      // answer must not put an earlier ticket's verdict over the next one's.
      if (answer && latestScan.current === judged.scan.scanId)
        setVerdict({
          outcome: answer.outcome,
          holder: answer.holder,
          ticketType: answer.ticketType,
          checkedInAt: answer.checkedInAt,
          ticketId: answer.ticketId,
        });
    },
    [sync, update],
  );

  const seen = useCallback(
    (value: string) => {
      const now = Date.now();
      if (lastSeen.current && lastSeen.current.value === value && now - lastSeen.current.at < SAME_SCAN_MS) return;
      lastSeen.current = { value, at: now };
      void check(value);
    },
    [check],
  );

  const stopCamera = useCallback(() => {
    lastSeen.current = null;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setCamera('off');
  }, []);

  const startCamera = async () => {
    setCamera('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
      streamRef.current = stream;
      setCamera('on');
    } catch {
      setCamera('refused');
    }
  };

  // While the camera is on: read frames a few times a second.
  useEffect(() => {
    if (camera !== 'on') return;
    const video = videoRef.current;
    if (!video || !streamRef.current) return;
    video.srcObject = streamRef.current;
    void video.play().catch(() => undefined);
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    let stopped = false;
    let detector: Awaited<ReturnType<typeof nativeQrDetector>> = null;
    void nativeQrDetector().then((found) => (detector = found));
    const tick = async () => {
      if (stopped) return;
      if (video.readyState >= 2 && video.videoWidth > 0) {
        let value: string | null = null;
        if (detector) {
          try {
            value = (await detector.detect(video))[0]?.rawValue ?? null;
          } catch {
            detector = null;
          }
        } else if (context) {
          canvas.width = video.videoWidth;
          canvas.height = video.videoHeight;
          context.drawImage(video, 0, 0);
          value = decodeFrame(context.getImageData(0, 0, canvas.width, canvas.height));
        }
        if (value) seen(value);
      }
      if (!stopped) window.setTimeout(() => void tick(), 250);
    };
    void tick();
    return () => {
      stopped = true;
    };
  }, [camera, seen]);

  useEffect(() => stopCamera, [stopCamera]);

  if (!state) return <p className="text-slate-600">Loading…</p>;
  const list = state.list;
  const tone =
    verdict?.outcome === 'valid'
      ? 'border-green-700 bg-green-50 text-green-900'
      : verdict?.outcome === 'already_used'
        ? 'border-amber-600 bg-amber-50 text-amber-900'
        : 'border-red-700 bg-red-50 text-red-900';

  return (
    <div className="space-y-5">
      <header className="space-y-1">
        <p className="text-sm">
          <Link className="text-brand-700 underline" to={paths.events.school}>
            Events
          </Link>
        </p>
        <h1 className="text-2xl font-bold text-slate-900">Check-in{list ? `: ${list.event.title}` : ''}</h1>
        <p className="text-sm text-slate-700" aria-live="polite">
          {list ? `${list.tickets.length} tickets · ${Object.keys(state.checkedIn).length} checked in` : null}
          {state.queue.length ? ` · ${state.queue.length} waiting to sync` : ''}
          {!online ? ' · offline: checking against the saved list' : ''}
        </p>
      </header>
      {loadProblem ? (
        <p role="alert" className="text-red-700">
          The ticket list could not be loaded ({loadProblem}). Connect to the internet once to download it.
        </p>
      ) : null}

      <section
        aria-live="assertive"
        aria-atomic="true"
        className={`flex min-h-28 items-center justify-center rounded-xl border-4 p-4 text-center ${verdict ? tone : 'border-slate-200 bg-white text-slate-600'}`}
      >
        <p className="text-3xl leading-tight font-bold sm:text-4xl" data-testid="door-verdict">
          {verdict ? verdictText(verdict, timeOfDay) : 'Scan a ticket'}
        </p>
      </section>

      {state.overruled.length ? (
        <section aria-labelledby={`${id}-overruled`} className="rounded-lg border border-amber-600 bg-amber-50 p-3">
          <h2 id={`${id}-overruled`} className="font-semibold text-amber-900">
            Checked in on another phone first
          </h2>
          <ul className="text-sm text-amber-900">
            {state.overruled.map((o, i) => (
              <li key={i}>
                {o.holder}, {o.ticketType}: already used at {timeOfDay(o.checkedInAt)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="space-y-2" aria-label="Camera">
        {camera === 'on' ? (
          <>
            <video
              ref={videoRef}
              muted
              playsInline
              className="w-full max-w-md rounded-lg bg-black"
              aria-label="Camera view"
            />
            <Button variant="secondary" onClick={stopCamera}>
              Stop camera
            </Button>
          </>
        ) : (
          <Button onClick={() => void startCamera()} disabled={camera === 'starting' || !list}>
            {camera === 'starting' ? 'Starting camera…' : 'Scan with camera'}
          </Button>
        )}
        {camera === 'refused' ? (
          <p role="alert" className="text-sm text-red-700">
            The camera could not be opened. Allow the camera for this site, or type the ticket code below.
          </p>
        ) : null}
      </section>

      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void check(typed);
          setTyped('');
        }}
      >
        <div className="space-y-1">
          <Label htmlFor={`${id}-code`}>Ticket code</Label>
          <Input
            id={`${id}-code`}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="T-7KQ2M9XD"
            autoCapitalize="characters"
            autoComplete="off"
            className="w-48"
          />
        </div>
        <Button type="submit" variant="secondary" disabled={!typed.trim() || !list}>
          Check code
        </Button>
      </form>
    </div>
  );
}
