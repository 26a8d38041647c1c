/**
 * Where the demo documents are set: Somali districts with their regions and approximate
 * coordinates, and the words IDP site names are made of. Data only; demo-words.ts uses them.
 */

export interface Place {
  district: string;
  region: string;
  lat: number;
  lon: number;
}

export const PLACES: readonly Place[] = [
  { district: "Baidoa", region: "Bay", lat: 3.11, lon: 43.65 },
  { district: "Kahda", region: "Banadir", lat: 2.07, lon: 45.25 },
  { district: "Daynile", region: "Banadir", lat: 2.09, lon: 45.28 },
  { district: "Hodan", region: "Banadir", lat: 2.04, lon: 45.31 },
  { district: "Kismayo", region: "Lower Juba", lat: -0.36, lon: 42.54 },
  { district: "Doolow", region: "Gedo", lat: 4.16, lon: 42.08 },
  { district: "Luuq", region: "Gedo", lat: 3.8, lon: 42.54 },
  { district: "Beledweyne", region: "Hiraan", lat: 4.74, lon: 45.2 },
  { district: "Galkayo", region: "Mudug", lat: 6.77, lon: 47.43 },
  { district: "Afgooye", region: "Lower Shabelle", lat: 2.14, lon: 45.12 },
  { district: "Bosaso", region: "Bari", lat: 11.28, lon: 49.18 },
  { district: "Burco", region: "Togdheer", lat: 9.52, lon: 45.53 },
];

export const SITE_WORDS = [
  "Tawakal",
  "Barwaaqo",
  "Nabad",
  "Horseed",
  "Wadajir",
  "Raxmo",
  "Dayax",
  "Hiil",
  "Kaah",
  "Sahan",
  "Iftin",
  "Rajo",
  "Hanaan",
  "Dalsan",
  "Badbaado",
  "Hilaac",
  "Bisharo",
  "Towfiiq",
  "Samafal",
  "Ubax",
];

