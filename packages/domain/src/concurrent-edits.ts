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
