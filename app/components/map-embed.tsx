import { MapPin } from "lucide";
import { Icon } from "~/components/icon.tsx";
import { formatContactAddress } from "~/content/site-facts.ts";
import { useSiteFacts } from "~/components/site-facts.ts";

const slotId = "office-map-frame";

/**
 * The office map. Nothing is requested from the map provider until the
 * visitor asks for the map; the address and a directions link work without it.
 * The "Show map" button is the page script's (app/page-script/page-script.server.ts,
 * frames on request), so it works from the first paint, before or without
 * React: the frame goes into the slot, which React renders with empty inner
 * HTML and leaves alone.
 */
export function MapEmbed() {
  const { contact } = useSiteFacts();
  const { latitude: lat, longitude: lon } = contact.address;
  const d = 0.006;
  const src = `https://www.openstreetmap.org/export/embed.html?bbox=${lon - d},${lat - d / 2},${lon + d},${lat + d / 2}&layer=mapnik&marker=${lat},${lon}`;
  const link = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200">
      <div
        data-frame-placeholder=""
        suppressHydrationWarning
        className="flex h-90 flex-col items-center justify-center gap-3 bg-navy-50 p-6 text-center"
      >
        <Icon drawing={MapPin} className="size-8 text-navy-700" />
        <p className="max-w-sm text-slate-700">
          The map is provided by OpenStreetMap and loads from their servers only when you ask for it.
        </p>
        <button type="button" className="btn-primary" data-frame-open={slotId}>
          Show map
        </button>
      </div>
      <div
        id={slotId}
        hidden
        data-frame-src={src}
        data-frame-title={`Map showing ${formatContactAddress(contact)}`}
        data-frame-class="h-90 w-full"
        dangerouslySetInnerHTML={{ __html: "" }}
        suppressHydrationWarning
      />
      <p className="border-t border-slate-200 p-3 text-sm">
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-navy-800 underline underline-offset-4"
        >
          Open in OpenStreetMap<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}
