import { useAdminTexts } from './language';

/** docs/product.md, "Roles and access": what an account sees in place of a screen its role may not use. */
export function AccessDeniedPanel() {
  const adminTexts = useAdminTexts();
  return (
    <div role="alert" className="py-12 text-center" data-access-denied-panel>
      <h2 className="text-2xl font-bold text-navy">{adminTexts.accessDenied.title}</h2>
      <p className="mt-2 text-slate-700">{adminTexts.accessDenied.text}</p>
    </div>
  );
}
