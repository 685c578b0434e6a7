import type { HealthProfileInput } from './validation/member-update';

/**
 * Two clinicians writing the same consultation's record (the coach and the US doctor, or two tabs):
 * a save carries only the fields its writer changed, and for each the text she started from. A
 * field a colleague changed since (its text now is neither what she started from nor what she
 * writes) would be written over without her knowing: that save is refused until she has seen the
 * colleague's text and chosen.
 */

/** Free-text fields by path (`internalNotes`, `plan.conclusions`); absent, null and '' are all "empty". */
export type RecordTexts = Readonly<Record<string, string | null | undefined>>;

const text = (value: string | null | undefined): string => value ?? '';

/**
 * The fields of `written` that would overwrite a colleague's text: the writer read `base` (only
 * fields with a base are checked: a writer who gives none takes the record as it is), and the
 * record holds `current`, changed since to something other than what she writes.
 */
export function overwrittenFields(current: RecordTexts, written: RecordTexts, base: RecordTexts): string[] {
  return Object.keys(written).filter(
    (name) => written[name] !== undefined && base[name] !== undefined && text(current[name]) !== text(base[name]) && text(current[name]) !== text(written[name]),
  );
}

/** One item of a list as the same item whatever its case or surrounding spaces ("Penicilina" and "penicilina "). */
const itemKey = (name: string): string => name.trim().toLocaleLowerCase();
/** Whether two names are of the same item of a list (case and surrounding spaces aside). */
export const sameItem = (a: string, b: string): boolean => itemKey(a) === itemKey(b);

/**
 * A list one person edited from `base` to `next`, applied to what the record holds now
 * (`current`): what she took out goes, what she put in comes, and what someone else changed since
 * stays (an allergy the member added while her clinician had the profile open is not dropped by
 * the clinician's save). Items are matched by name (`nameOf`); an item she kept unchanged keeps
 * the record's version (a surgery's date recorded since), one she changed takes hers.
 */
export function mergeEditedList<T>(current: readonly T[], base: readonly T[], next: readonly T[], nameOf: (item: T) => string, same: (a: T, b: T) => boolean = (a, b) => itemKey(nameOf(a)) === itemKey(nameOf(b))): T[] {
  const byKey = (items: readonly T[]) => new Map(items.map((item) => [itemKey(nameOf(item)), item]));
  const before = byKey(base);
  const after = byKey(next);
  const result = current
    .filter((item) => {
      const key = itemKey(nameOf(item));
      return !(before.has(key) && !after.has(key));
    })
    .map((item) => {
      const key = itemKey(nameOf(item));
      const mine = after.get(key);
      const was = before.get(key);
      return mine !== undefined && was !== undefined && !same(mine, was) ? mine : item;
    });
  const present = new Set(result.map((item) => itemKey(nameOf(item))));
  for (const [key, item] of after) {
    if (!before.has(key) && !present.has(key)) {
      result.push(item);
      present.add(key);
    }
  }
  return result;
}

type Surgery = NonNullable<HealthProfileInput['surgeries']>[number];
const sameSurgery = (a: Surgery, b: Surgery): boolean =>
  itemKey(a.name) === itemKey(b.name) && (a.date ?? null) === (b.date ?? null) && (a.howLong ?? null) === (b.howLong ?? null) && (a.dateApprox ?? null) === (b.dateApprox ?? null);

/**
 * The health profile's lists after an edit made from `base` (mergeEditedList, list by list): only
 * the lists in `next`; a list without a base replaces the record's (the edit says nothing of what
 * she read).
 */
export function mergeHealthProfileEdit(current: Required<HealthProfileInput>, base: HealthProfileInput | undefined, next: HealthProfileInput): HealthProfileInput {
  const text = (field: 'alergies' | 'medications' | 'medicalConditions') => {
    const mine = next[field];
    const was = base?.[field];
    return mine === undefined ? {} : { [field]: was === undefined ? mine : mergeEditedList(current[field], was, mine, (s) => s) };
  };
  const surgeries = next.surgeries === undefined ? {} : { surgeries: base?.surgeries === undefined ? next.surgeries : mergeEditedList(current.surgeries, base.surgeries, next.surgeries, (s) => s.name, sameSurgery) };
  return { ...text('alergies'), ...text('medications'), ...text('medicalConditions'), ...surgeries };
}
