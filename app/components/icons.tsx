import {
  Award,
  Briefcase,
  Building,
  Calculator,
  Compass,
  Factory,
  Globe,
  GraduationCap,
  HeartPulse,
  Landmark,
  Leaf,
  LineChart,
  ShieldCheck,
  TrendingUp,
  Users,
  Zap,
  type LucideIcon,
} from "lucide-react";
import type { IconName } from "~/content/schema.ts";

const icons: Record<IconName, LucideIcon> = {
  "shield-check": ShieldCheck,
  calculator: Calculator,
  compass: Compass,
  leaf: Leaf,
  users: Users,
  award: Award,
  globe: Globe,
  "trending-up": TrendingUp,
  briefcase: Briefcase,
  building: Building,
  landmark: Landmark,
  "heart-pulse": HeartPulse,
  zap: Zap,
  factory: Factory,
  "graduation-cap": GraduationCap,
  "line-chart": LineChart,
};

/** An icon named in content data. */
export function PillarIcon({ name, className }: { name: IconName; className?: string }) {
  const Icon = icons[name];
  return <Icon aria-hidden="true" className={className} />;
}
