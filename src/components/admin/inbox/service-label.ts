import { taxonomyLabel, type Taxonomy } from '../../../features/taxonomy/schema';
import { useAdminLanguage } from '../language';
import { useQuery } from '../query';

/**
 * Names a contact message's service of interest as the firm's services and categories list does (the Services &
 * categories tab), in the dashboard's language. A value the list does not hold, and any value until the list has
 * loaded, shows as stored.
 */
export function useServiceLabel(): (value: string) => string {
  const { language } = useAdminLanguage();
  const { data } = useQuery<Taxonomy>('taxonomy', '/api/taxonomy');
  return (value) => (data ? taxonomyLabel(data, value, language) : value);
}
