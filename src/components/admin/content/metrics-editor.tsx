import type { Metric, Metrics } from '../../../features/content/metrics-schema';
import { LANGUAGES, languageRow } from '../../../i18n/languages';
import { Button } from '../../react-ui/button';
import { Input } from '../../react-ui/input';
import { useAdminTexts } from '../language';

/** A case study's key metrics, a list of label and value per language of the table. */
export function MetricsEditor({ value, onChange }: { value: Metrics; onChange: (value: Metrics) => void }) {
  const adminTexts = useAdminTexts();
  const f = adminTexts.form;
  return (
    // min-w-0: a fieldset is never narrower than its content by default, which at 390 px pushed the row past the dialog.
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium text-slate-800">{f.metrics}</legend>
      {LANGUAGES.map((lang) => {
        const update = (index: number, change: Partial<Metric>) =>
          onChange({ ...value, [lang]: value[lang].map((m, i) => (i === index ? { ...m, ...change } : m)) });
        return (
          <div key={lang} className="space-y-2">
            <p className="text-xs font-semibold uppercase text-slate-600">{languageRow(lang).name}</p>
            {value[lang].map((metric, index) => (
              // On a phone the label takes its own line; value and Remove share the next.
              <div key={index} className="flex flex-wrap gap-2 sm:flex-nowrap">
                <Input
                  variant="compact"
                  aria-label={`${f.label} ${index + 1} (${lang})`}
                  value={metric.label}
                  onChange={(e) => update(index, { label: e.target.value })}
                  placeholder={f.label}
                  className="min-w-0 basis-full sm:flex-1 sm:basis-0"
                />
                <Input
                  variant="compact"
                  aria-label={`${f.value} ${index + 1} (${lang})`}
                  value={metric.value}
                  onChange={(e) => update(index, { value: e.target.value })}
                  placeholder={f.value}
                  className="min-w-0 flex-1 sm:w-28 sm:flex-none"
                />
                <Button
                  variant="destructive"
                  onClick={() => onChange({ ...value, [lang]: value[lang].filter((_, i) => i !== index) })}
                >
                  {f.removeMetric}
                </Button>
              </div>
            ))}
            <Button
              variant="ghost"
              onClick={() => onChange({ ...value, [lang]: [...value[lang], { label: '', value: '' }] })}
            >
              + {f.addMetric} ({lang.toUpperCase()})
            </Button>
          </div>
        );
      })}
    </fieldset>
  );
}
