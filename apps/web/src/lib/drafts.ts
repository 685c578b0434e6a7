import { useEffect, useRef } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { overwrittenFields } from '@puente/domain';
import { createStore, useStore } from './external-store';
import { onSessionTokenChange } from './session';

/** The fields of a form that differ from what the server holds, by name. */
export type Draft = Readonly<Record<string, string>>;

/**
 * What a clinician typed and has not saved yet (a consultation's note, its plan, an addendum), by
 * form. A form's fields live as long as it is on the screen; a chart's tab changed, the call that
 * ends and moves the note from beside the video to the consultation's page, a look at the dashboard
 * and back: each unmounted it, and what was typed was gone. Kept here instead until it is saved,
 * in this tab's memory only (never in storage: it is health data, and the same computer may serve
 * the next clinician), forgotten when the session ends (a sign-out, the idle sign-out). While
 * anything is unsaved, closing or reloading the tab asks first.
 */
export const draftStore = createStore<ReadonlyMap<string, Draft>>(new Map());

/**
 * For each unsaved field, the server's text it was started from (by form, as draftStore): when the
 * server's text changes under it (a colleague's save), the two differ, and her save would write
 * over the colleague's text (the domain's overwrittenFields). Sent with a save, so the server can
 * refuse one the screen had not seen coming.
 */
export const draftBaseStore = createStore<ReadonlyMap<string, Draft>>(new Map());

export const readDraft = (key: string): Draft | undefined => draftStore.get().get(key);

const writeTo = (store: typeof draftStore, key: string, draft: Draft): void => {
  const current = store.get();
  const empty = Object.keys(draft).length === 0;
  if (empty ? !current.has(key) : sameDraft(current.get(key), draft)) return;
  const next = new Map(current);
  if (empty) next.delete(key);
  else next.set(key, draft);
  store.set(next);
};

export const writeDraft = (key: string, draft: Draft): void => {
  if (Object.keys(draft).length === 0) writeTo(draftBaseStore, key, {});
  writeTo(draftStore, key, draft);
};

/** The bases of `draft`'s fields: a field keeps the one it had, a newly changed one takes the server's text now. */
const writeBases = (key: string, draft: Draft, saved: Record<string, unknown>): void => {
  const before = draftBaseStore.get().get(key) ?? {};
  writeTo(draftBaseStore, key, Object.fromEntries(Object.keys(draft).map((name) => [name, before[name] ?? textOf(saved[name])])));
};

const sameDraft = (a: Draft | undefined, b: Draft): boolean =>
  a !== undefined && Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => a[k] === v);

// The browser's own "leave this site?" question, only while something is unsaved (a page with an
// unload handler is not kept in the back-forward cache, so it is not there otherwise).
const askBeforeLeaving = (event: BeforeUnloadEvent): void => {
  event.preventDefault();
  // Chromium before 119 asks only when returnValue is set.
  event.returnValue = '';
};
let asking = false;
draftStore.subscribe(() => {
  const unsaved = draftStore.get().size > 0;
  if (unsaved === asking || typeof window === 'undefined') return;
  asking = unsaved;
  if (unsaved) window.addEventListener('beforeunload', askBeforeLeaving);
  else window.removeEventListener('beforeunload', askBeforeLeaving);
});
// Signed out (or the session ended): nothing of hers stays. A refreshed token is the same session.
onSessionTokenChange((token) => {
  if (token === null && draftStore.get().size > 0) draftStore.set(new Map());
  if (token === null && draftBaseStore.get().size > 0) draftBaseStore.set(new Map());
});

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The fields of `values` that differ from `saved` (text fields: a missing one reads as empty). */
const unsavedFields = (values: Record<string, unknown>, saved: Record<string, unknown>): Draft =>
  Object.fromEntries(Object.entries(values).filter(([name, value]) => typeof value === 'string' && value !== textOf(saved[name])) as [string, string][]);

export interface FormDraft {
  /** Whether anything is unsaved. */
  unsaved: boolean;
  /** Back to the server's values, forgetting the draft. */
  discard: () => void;
  /** The unsaved fields whose server text changed since she started changing them (a colleague's save). */
  changedUnder: readonly string[];
  /** The server's text an unsaved field was started from (undefined: the field is saved). */
  baseOf: (name: string) => string | undefined;
  /** She has read the colleague's text and keeps hers: her next save writes over it. */
  keepMine: (name: string) => void;
  /** She takes the colleague's text: her change to that field is dropped. */
  takeTheirs: (name: string) => void;
}

/**
 * Keeps a react-hook-form form's unsaved text under `key` (see draftStore): what differs from
 * `saved` (the values the form was given from the server) is written on every change, and put back
 * when the form is mounted again. The form must keep what the person typed when `saved` changes
 * under it (useForm's `values` with `resetOptions: { keepDirtyValues: true }`): a save answered, a
 * colleague's save, a refetch. Each unsaved field remembers the server's text it was started from
 * (draftBaseStore), so a colleague's change under it shows (`changedUnder`).
 */
export function useFormDraft<T extends FieldValues>(key: string, form: UseFormReturn<T>, saved: T): FormDraft {
  const savedRef = useRef(saved);
  savedRef.current = saved;
  useEffect(() => {
    const record = () => {
      const draft = unsavedFields(form.getValues(), savedRef.current);
      writeBases(key, draft, savedRef.current);
      writeDraft(key, draft);
    };
    // Put back what was typed before the form was last unmounted (after useForm's own effect has
    // given it the server's values).
    const draft = readDraft(key);
    if (draft) for (const [name, value] of Object.entries(draft)) form.setValue(name as Path<T>, value as PathValue<T, Path<T>>, { shouldDirty: true });
    const subscription = form.watch(record);
    return () => subscription.unsubscribe();
  }, [key, form]);
  // The server's values changed (a save answered, a colleague's): what now matches them is saved.
  useEffect(() => {
    const draft = unsavedFields(form.getValues(), saved);
    writeBases(key, draft, saved);
    writeDraft(key, draft);
  }, [key, form, saved]);
  const draft = useStore(draftStore).get(key);
  const bases = useStore(draftBaseStore).get(key);
  const changedUnder = draft && bases ? overwrittenFields(saved as Record<string, string | undefined>, draft, bases) : [];
  const discard = () => {
    // Not keeping what was typed (the form's own resetOptions keep it through the server's changes).
    form.reset(saved, { keepDirtyValues: false });
    writeDraft(key, {});
  };
  const keepMine = (name: string) => {
    const current = draftBaseStore.get().get(key);
    if (current?.[name] !== undefined) writeTo(draftBaseStore, key, { ...current, [name]: textOf(saved[name]) });
  };
  const takeTheirs = (name: string) => form.setValue(name as Path<T>, textOf(saved[name]) as PathValue<T, Path<T>>, { shouldDirty: true });
  return { unsaved: draft !== undefined, discard, changedUnder, baseOf: (name) => bases?.[name], keepMine, takeTheirs };
}
