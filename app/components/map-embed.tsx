import { MapPin } from "lucide-react";
import { useState } from "react";
import { formatAddress, organisation } from "~/content/organisation.ts";

/**
 * The office map. Nothing is requested from the map provider until the
 * visitor asks for the map; the address and a directions link work without it.
 */
export function MapEmbed() {
  const [shown, setShown] = useState(false);
  const { latitude: lat, longitude: lon } = organisation.address;
  const d = 0.006;
  const src = `https://www.openstreetmap.org/export/embed.html?bbox=${lon - d},${lat - d / 2},${lon + d},${lat + d / 2}&layer=mapnik&marker=${lat},${lon}`;
  const link = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200">
      {shown ? (
        <iframe
          src={src}
          title={`Map showing ${formatAddress()}`}
          width="600"
          height="360"
          className="h-90 w-full"
          loading="lazy"
        />
      ) : (
        <div className="flex h-90 flex-col items-center justify-center gap-3 bg-navy-50 p-6 text-center">
          <MapPin aria-hidden="true" className="size-8 text-navy-700" />
          <p className="max-w-sm text-slate-700">
            The map is provided by OpenStreetMap and loads from their servers only when you ask for it.
          </p>
          <button type="button" className="btn-primary" onClick={() => setShown(true)}>
            Show map
          </button>
        </div>
      )}
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
