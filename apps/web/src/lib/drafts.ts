import { useEffect, useRef } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
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

export const readDraft = (key: string): Draft | undefined => draftStore.get().get(key);

export const writeDraft = (key: string, draft: Draft): void => {
  const current = draftStore.get();
  const empty = Object.keys(draft).length === 0;
  if (empty ? !current.has(key) : sameDraft(current.get(key), draft)) return;
  const next = new Map(current);
  if (empty) next.delete(key);
  else next.set(key, draft);
  draftStore.set(next);
};

const sameDraft = (a: Draft | undefined, b: Draft): boolean =>
  a !== undefined && Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => a[k] === v);

/** Whether the form under `key` holds anything unsaved. */
export const useHasDraft = (key: string): boolean => useStore(draftStore).has(key);

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
});

/** The fields of `values` that differ from `saved` (text fields: a missing one reads as empty). */
const unsavedFields = (values: Record<string, unknown>, saved: Record<string, unknown>): Draft =>
  Object.fromEntries(Object.entries(values).filter(([name, value]) => typeof value === 'string' && value !== (saved[name] ?? '')) as [string, string][]);

/**
 * Keeps a react-hook-form form's unsaved text under `key` (see draftStore): what differs from
 * `saved` (the values the form was given from the server) is written on every change, and put back
 * when the form is mounted again. The form must keep what the person typed when `saved` changes
 * under it (useForm's `values` with `resetOptions: { keepDirtyValues: true }`): a save answered, a
 * colleague's save, a refetch. Returns whether anything is unsaved, and how to go back to `saved`.
 */
export function useFormDraft<T extends FieldValues>(key: string, form: UseFormReturn<T>, saved: T): { unsaved: boolean; discard: () => void } {
  const savedRef = useRef(saved);
  savedRef.current = saved;
  useEffect(() => {
    // Put back what was typed before the form was last unmounted (after useForm's own effect has
    // given it the server's values).
    const draft = readDraft(key);
    if (draft) for (const [name, value] of Object.entries(draft)) form.setValue(name as Path<T>, value as PathValue<T, Path<T>>, { shouldDirty: true });
    const subscription = form.watch(() => writeDraft(key, unsavedFields(form.getValues(), savedRef.current)));
    return () => subscription.unsubscribe();
  }, [key, form]);
  // The server's values changed (a save answered, a colleague's): what now matches them is saved.
  useEffect(() => {
    writeDraft(key, unsavedFields(form.getValues(), saved));
  }, [key, form, saved]);
  const unsaved = useHasDraft(key);
  const discard = () => {
    // Not keeping what was typed (the form's own resetOptions keep it through the server's changes).
    form.reset(saved, { keepDirtyValues: false });
    writeDraft(key, {});
  };
  return { unsaved, discard };
}
