import * as Yup from 'yup';
import { CANONICAL_COLUMNS } from '@/common/canonicalColumns';
import type { MappingFixInput } from '@/web/api/generated';

/** The choice that keeps a header as an extra column (the API's `column: null`); no payroll column is named so. */
export const KEEP_AS_EXTRA = 'keep-as-extra';

export const MAPPING_FIX_MESSAGES = {
  sheet: 'Choose the sheet the header is in.',
  header: 'Choose the header to fix.',
  column: 'Choose one of the payroll columns, or keep the header as an extra column.',
} as const;

/** An admin's fix of how a header maps: the sheet and header as the run read them, and where the header should go. */
export const mappingFixSchema = Yup.object({
  sheet: Yup.string().required(MAPPING_FIX_MESSAGES.sheet),
  header: Yup.string().required(MAPPING_FIX_MESSAGES.header),
  column: Yup.string()
    .required(MAPPING_FIX_MESSAGES.column)
    .oneOf([...CANONICAL_COLUMNS, KEEP_AS_EXTRA], MAPPING_FIX_MESSAGES.column),
  /** The fix holds for the header in every sheet of the client, not only in this one. */
  everySheet: Yup.boolean().required(),
});

export type MappingFixValues = Yup.InferType<typeof mappingFixSchema>;

/** What is sent: the sheet, or null for every sheet; the column, or null to keep the header as an extra column. */
export function mappingFixBody({ sheet, header, column, everySheet }: MappingFixValues): MappingFixInput {
  return {
    sheet: everySheet ? null : sheet,
    header,
    column: column === KEEP_AS_EXTRA ? null : (column as NonNullable<MappingFixInput['column']>),
  };
}
