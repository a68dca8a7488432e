import { Prose } from "../components/prose.tsx";
import { pageMeta } from "../lib/meta.ts";
import { PageLink } from "../components/ui/page-link.tsx";
import type { Route } from "./+types/privacy-policy.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Privacy Policy",
    "What this directory stores about visitors, submitters, digest readers, owners and customers, and why.",
  );

export default function PrivacyPolicy() {
  return (
    <Prose
      title="Privacy Policy"
      intro="We collect as little as we can to run the directory, keep it free of abuse and handle payments. We do not sell data and we show no third-party advertising."
    >
      <h2>Visitors</h2>
      <ul>
        <li>
          We use no advertising or tracking scripts. Pages load only from this site, except images of tools, which may
          come from the tools&apos; own sites.
        </li>
        <li>
          To count likes once per browser we keep a random identifier in a cookie and in your browser&apos;s storage. It
          is not linked to your name or e-mail address.
        </li>
        <li>What people search for is counted, without who searched, to show popular searches and improve results.</li>
        <li>
          Visits to a tool&apos;s page and clicks on its &ldquo;Visit Website&rdquo; are counted per tool and day, once
          per network, for the tool&apos;s owner. Who visited or clicked is not kept.
        </li>
        <li>
          Each time a page showing a featured tool is sent, that is counted per tool and day for whoever paid for the
          placement; nothing about who saw it is counted or kept.
        </li>
        <li>
          Our servers keep short-lived logs of requests (address, page, time) to stop abuse and fix faults. They are
          deleted after 30 days.
        </li>
      </ul>
      <h2>People who submit a tool</h2>
      <p>
        The details you give about a tool are published once it is approved. The e-mail address you may add is used only
        to contact you about the listing; it is never shown publicly or returned by our API.
      </p>
      <h2>Weekly digest readers</h2>
      <p>
        When you subscribe to the weekly digest we keep your e-mail address to send it, and nothing else about you. We
        first mail you a confirmation link that works for 48 hours; an address nobody confirms is deleted after that, at
        the next weekly run. Every digest has a one-click unsubscribe link: unsubscribing erases your address at once,
        and we keep only that a reader once unsubscribed, as a count.
      </p>
      <h2>Owners who claim a listing</h2>
      <p>
        If you claim a listing by e-mail, we keep the address you give (at the tool&apos;s own domain) with the claim.
        We use it to send the confirmation link, which works for one hour, to mail you your owner link once the claim is
        verified, and to send a new owner link when you ask for one. It is never shown publicly. It is kept while the
        claim exists, and our audit log records which address claimed which listing, so that questions about who owns a
        listing can be settled; you can ask us to delete it (see below). A claim proved through the website itself
        stores no e-mail address.
      </p>
      <h2>Payments</h2>
      <p>
        Card payments for featured listings are handled by our payment provider on its own pages; we never see or store
        card numbers. We keep a record of each order (tool, amount, date, status) for our accounts.
      </p>
      <h2>Messages</h2>
      <p>
        When you use the <PageLink to="/contact">contact form</PageLink> we keep your name, e-mail address and message
        so we can answer, and delete them when they are no longer needed, at the latest after two years.
      </p>
      <h2>Reports about a listing</h2>
      <p>
        When you report a problem with a listing we keep the reason and your note. To take one report per visitor and
        tool a day we keep only a coded value made from your browser&apos;s like cookie (or your network) and the date,
        from which neither can be read back. If you leave an e-mail address we use it once, to tell you what we did, and
        delete it then.
      </p>
      <h2>Your rights</h2>
      <p>
        You can ask what we hold about you, ask us to correct or delete it, or object to its use. Write to us through
        the <PageLink to="/contact">contact form</PageLink> and we will answer within 30 days.
      </p>
    </Prose>
  );
}
