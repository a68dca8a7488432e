import type { ReactNode } from "react";

/** Long-form text pages (About, Privacy Policy): readable line length and spacing. */
export function Prose({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-lg text-slate-700">{intro}</p>
      <div className="mt-8 space-y-4 leading-relaxed text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-2">
        {children}
      </div>
    </article>
  );
}
