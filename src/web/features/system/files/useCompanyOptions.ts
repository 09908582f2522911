import { useListCompaniesQuery } from '@/web/api/generated';

/** The most companies one request may list; the pickers offer them all. */
const PICKER_LIMIT = 100;

/** Companies as select options ({ value: id, label: name }). */
export function useCompanyOptions() {
  const { data, isLoading } = useListCompaniesQuery({ page: 1, limit: PICKER_LIMIT });
  const options = (data?.data.companies ?? []).map((company) => ({ value: company.id, label: company.name }));
  return { options, loading: isLoading };
}
