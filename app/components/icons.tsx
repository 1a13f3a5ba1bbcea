/** The icons content data names (pillars, courses), drawn by `Icon`. */
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
} from "lucide";
import { type Drawing, Icon } from "./icon.tsx";
import type { IconName } from "~/content/schema.ts";

const drawings: Record<IconName, Drawing> = {
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
  return <Icon drawing={drawings[name]} className={className} />;
}
