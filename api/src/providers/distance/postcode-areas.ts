/**
 * Every UK postcode area with an approximate centroid: the town centre of the area's main post
 * town (for the London areas, the middle of the area). This is the embedded fallback for
 * same-day distances when no exact centroid has been imported, so the error it introduces
 * (a few miles inside one area) is acceptable and the estimate is labelled as such.
 *
 * `nation` is the nation of the main post town. Some areas straddle a border (CH, HR, LD and
 * SY cross England–Wales, e.g. Deeside is CH5 and Hay-on-Wye HR3; TD crosses England–Scotland
 * at Berwick-upon-Tweed, TD15), so it is a hint for defaults, not a fact about every postcode.
 *
 * Crown Dependencies (GY, JE, IM) are not in the UK and are deliberately absent.
 */
import type { UkNation } from '../../domain/nations';

export type PostcodeArea = { town: string; lat: number; lon: number; nation: UkNation };

const E = 'England';
const S = 'Scotland';
const W = 'Wales';
const NI = 'Northern Ireland';

function area(town: string, lat: number, lon: number, nation: UkNation = E): PostcodeArea {
  return { town, lat, lon, nation };
}

export const POSTCODE_AREAS: Readonly<Record<string, PostcodeArea>> = {
  AB: area('Aberdeen', 57.1497, -2.0943, S),
  AL: area('St Albans', 51.7527, -0.3394),
  B: area('Birmingham', 52.4862, -1.8904),
  BA: area('Bath', 51.3811, -2.359),
  BB: area('Blackburn', 53.7488, -2.4877),
  BD: area('Bradford', 53.796, -1.7594),
  BH: area('Bournemouth', 50.7192, -1.8808),
  BL: area('Bolton', 53.5769, -2.4282),
  BN: area('Brighton', 50.8225, -0.1372),
  BR: area('Bromley', 51.4039, 0.0198),
  BS: area('Bristol', 51.4545, -2.5879),
  BT: area('Belfast', 54.5973, -5.9301, NI),
  CA: area('Carlisle', 54.8925, -2.9329),
  CB: area('Cambridge', 52.2053, 0.1218),
  CF: area('Cardiff', 51.4816, -3.1791, W),
  CH: area('Chester', 53.1934, -2.8931),
  CM: area('Chelmsford', 51.7356, 0.4685),
  CO: area('Colchester', 51.8959, 0.8919),
  CR: area('Croydon', 51.3762, -0.0982),
  CT: area('Canterbury', 51.2802, 1.0789),
  CV: area('Coventry', 52.4068, -1.5197),
  CW: area('Crewe', 53.0979, -2.4416),
  DA: area('Dartford', 51.4462, 0.2169),
  DD: area('Dundee', 56.462, -2.9707, S),
  DE: area('Derby', 52.9225, -1.4746),
  DG: area('Dumfries', 55.0701, -3.6054, S),
  DH: area('Durham', 54.7761, -1.5733),
  DL: area('Darlington', 54.5236, -1.5595),
  DN: area('Doncaster', 53.5228, -1.1285),
  DT: area('Dorchester', 50.7154, -2.4367),
  DY: area('Dudley', 52.5087, -2.0877),
  E: area('London', 51.53, -0.03),
  EC: area('London', 51.5175, -0.094),
  EH: area('Edinburgh', 55.9533, -3.1883, S),
  EN: area('Enfield', 51.6523, -0.0807),
  EX: area('Exeter', 50.7184, -3.5339),
  FK: area('Falkirk', 56.0019, -3.7839, S),
  FY: area('Blackpool', 53.8175, -3.0357),
  G: area('Glasgow', 55.8642, -4.2518, S),
  GL: area('Gloucester', 51.8642, -2.2382),
  GU: area('Guildford', 51.2362, -0.5704),
  HA: area('Harrow', 51.5806, -0.342),
  HD: area('Huddersfield', 53.6458, -1.785),
  HG: area('Harrogate', 53.9921, -1.5418),
  HP: area('Hemel Hempstead', 51.7526, -0.4692),
  HR: area('Hereford', 52.0565, -2.716),
  HS: area('Stornoway', 58.209, -6.386, S),
  HU: area('Hull', 53.7457, -0.3367),
  HX: area('Halifax', 53.7248, -1.8658),
  IG: area('Ilford', 51.559, 0.0741),
  IP: area('Ipswich', 52.0567, 1.1482),
  IV: area('Inverness', 57.4778, -4.2247, S),
  KA: area('Kilmarnock', 55.6117, -4.4958, S),
  KT: area('Kingston upon Thames', 51.4123, -0.3007),
  KW: area('Kirkwall', 58.981, -2.96, S),
  KY: area('Kirkcaldy', 56.1107, -3.1674, S),
  L: area('Liverpool', 53.4084, -2.9916),
  LA: area('Lancaster', 54.0466, -2.8007),
  LD: area('Llandrindod Wells', 52.242, -3.379, W),
  LE: area('Leicester', 52.6369, -1.1398),
  LL: area('Llandudno', 53.3241, -3.8276, W),
  LN: area('Lincoln', 53.2307, -0.5406),
  LS: area('Leeds', 53.8008, -1.5491),
  LU: area('Luton', 51.8787, -0.42),
  M: area('Manchester', 53.4808, -2.2426),
  ME: area('Rochester', 51.388, 0.505),
  MK: area('Milton Keynes', 52.0406, -0.7594),
  ML: area('Motherwell', 55.7892, -3.9915, S),
  N: area('London', 51.565, -0.106),
  NE: area('Newcastle upon Tyne', 54.9783, -1.6178),
  NG: area('Nottingham', 52.9548, -1.1581),
  NN: area('Northampton', 52.2405, -0.9027),
  NP: area('Newport', 51.5842, -2.9977, W),
  NR: area('Norwich', 52.6309, 1.2974),
  NW: area('London', 51.545, -0.175),
  OL: area('Oldham', 53.5409, -2.1114),
  OX: area('Oxford', 51.752, -1.2577),
  PA: area('Paisley', 55.8456, -4.4239, S),
  PE: area('Peterborough', 52.5695, -0.2405),
  PH: area('Perth', 56.395, -3.4308, S),
  PL: area('Plymouth', 50.3755, -4.1427),
  PO: area('Portsmouth', 50.8198, -1.088),
  PR: area('Preston', 53.7632, -2.7031),
  RG: area('Reading', 51.4543, -0.9781),
  RH: area('Redhill', 51.24, -0.17),
  RM: area('Romford', 51.575, 0.1837),
  S: area('Sheffield', 53.3811, -1.4701),
  SA: area('Swansea', 51.6214, -3.9436, W),
  SE: area('London', 51.48, -0.06),
  SG: area('Stevenage', 51.9038, -0.1966),
  SK: area('Stockport', 53.4106, -2.1575),
  SL: area('Slough', 51.5105, -0.595),
  SM: area('Sutton', 51.3618, -0.1945),
  SN: area('Swindon', 51.5558, -1.7797),
  SO: area('Southampton', 50.9097, -1.4044),
  SP: area('Salisbury', 51.0688, -1.7945),
  SR: area('Sunderland', 54.9069, -1.3838),
  SS: area('Southend-on-Sea', 51.5459, 0.7077),
  ST: area('Stoke-on-Trent', 53.0027, -2.1794),
  SW: area('London', 51.47, -0.17),
  SY: area('Shrewsbury', 52.7073, -2.7553),
  TA: area('Taunton', 51.015, -3.1029),
  TD: area('Galashiels', 55.617, -2.806, S),
  TF: area('Telford', 52.6766, -2.4469),
  TN: area('Tonbridge', 51.195, 0.274),
  TQ: area('Torquay', 50.4619, -3.5253),
  TR: area('Truro', 50.2632, -5.051),
  TS: area('Middlesbrough', 54.5742, -1.235),
  TW: area('Twickenham', 51.4462, -0.337),
  UB: area('Southall', 51.511, -0.376),
  W: area('London', 51.513, -0.196),
  WA: area('Warrington', 53.39, -2.597),
  WC: area('London', 51.518, -0.12),
  WD: area('Watford', 51.6565, -0.3903),
  WF: area('Wakefield', 53.6833, -1.4977),
  WN: area('Wigan', 53.5448, -2.6318),
  WR: area('Worcester', 52.192, -2.22),
  WS: area('Walsall', 52.586, -1.9829),
  WV: area('Wolverhampton', 52.587, -2.1288),
  YO: area('York', 53.959, -1.0815),
  ZE: area('Lerwick', 60.1545, -1.1494, S),
};

export function isPostcodeArea(code: string): boolean {
  return Object.hasOwn(POSTCODE_AREAS, code);
}
