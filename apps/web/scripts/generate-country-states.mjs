/**
 * Writes public/assets/countries/{MX,US}/states.json (spec 7: GET /assets/countries/{code}/states.json,
 * static states and cities). US: the 50 states and DC with their main cities, ranked by how many zip
 * codes each city has in the `zipcodes` package (offline data the API also uses for the zip lookup).
 * MX: the 32 federal entities with their main cities, listed here.
 * Run: node apps/web/scripts/generate-country-states.mjs
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const zipcodes = require('zipcodes');
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'assets', 'countries');
const CITIES_PER_US_STATE = 60;

const US_STATES = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};

const MX_STATES = [
  ['AGU', 'Aguascalientes', ['Aguascalientes', 'Jesús María', 'Calvillo', 'Rincón de Romos', 'Pabellón de Arteaga']],
  ['BCN', 'Baja California', ['Tijuana', 'Mexicali', 'Ensenada', 'Rosarito', 'Tecate', 'San Quintín']],
  ['BCS', 'Baja California Sur', ['La Paz', 'Los Cabos', 'Cabo San Lucas', 'San José del Cabo', 'Comondú', 'Loreto', 'Mulegé']],
  ['CAM', 'Campeche', ['Campeche', 'Ciudad del Carmen', 'Champotón', 'Escárcega', 'Calkiní']],
  ['CHP', 'Chiapas', ['Tuxtla Gutiérrez', 'Tapachula', 'San Cristóbal de las Casas', 'Comitán', 'Palenque', 'Chiapa de Corzo']],
  ['CHH', 'Chihuahua', ['Chihuahua', 'Ciudad Juárez', 'Delicias', 'Cuauhtémoc', 'Hidalgo del Parral', 'Nuevo Casas Grandes']],
  ['CMX', 'Ciudad de México', ['Ciudad de México', 'Álvaro Obregón', 'Azcapotzalco', 'Benito Juárez', 'Coyoacán', 'Cuajimalpa', 'Cuauhtémoc', 'Gustavo A. Madero', 'Iztacalco', 'Iztapalapa', 'Magdalena Contreras', 'Miguel Hidalgo', 'Milpa Alta', 'Tláhuac', 'Tlalpan', 'Venustiano Carranza', 'Xochimilco']],
  ['COA', 'Coahuila', ['Saltillo', 'Torreón', 'Monclova', 'Piedras Negras', 'Acuña', 'Ramos Arizpe', 'Sabinas']],
  ['COL', 'Colima', ['Colima', 'Manzanillo', 'Tecomán', 'Villa de Álvarez', 'Armería']],
  ['DUR', 'Durango', ['Durango', 'Gómez Palacio', 'Lerdo', 'Santiago Papasquiaro', 'Pueblo Nuevo']],
  ['GUA', 'Guanajuato', ['León', 'Irapuato', 'Celaya', 'Salamanca', 'Guanajuato', 'San Miguel de Allende', 'Silao', 'Dolores Hidalgo']],
  ['GRO', 'Guerrero', ['Acapulco', 'Chilpancingo', 'Iguala', 'Zihuatanejo', 'Taxco', 'Chilapa']],
  ['HID', 'Hidalgo', ['Pachuca', 'Tulancingo', 'Tula de Allende', 'Tizayuca', 'Huejutla', 'Ixmiquilpan']],
  ['JAL', 'Jalisco', ['Guadalajara', 'Zapopan', 'Tlaquepaque', 'Tonalá', 'Tlajomulco de Zúñiga', 'Puerto Vallarta', 'Lagos de Moreno', 'Tepatitlán', 'Ciudad Guzmán']],
  ['MEX', 'Estado de México', ['Toluca', 'Ecatepec', 'Nezahualcóyotl', 'Naucalpan', 'Tlalnepantla', 'Chimalhuacán', 'Atizapán de Zaragoza', 'Cuautitlán Izcalli', 'Ixtapaluca', 'Huixquilucan', 'Metepec', 'Texcoco', 'Nicolás Romero', 'Tecámac', 'Chalco']],
  ['MIC', 'Michoacán', ['Morelia', 'Uruapan', 'Zamora', 'Lázaro Cárdenas', 'Apatzingán', 'Zitácuaro', 'Pátzcuaro']],
  ['MOR', 'Morelos', ['Cuernavaca', 'Jiutepec', 'Cuautla', 'Temixco', 'Yautepec', 'Emiliano Zapata']],
  ['NAY', 'Nayarit', ['Tepic', 'Bahía de Banderas', 'Santiago Ixcuintla', 'Compostela', 'Tuxpan']],
  ['NLE', 'Nuevo León', ['Monterrey', 'Guadalupe', 'San Nicolás de los Garza', 'Apodaca', 'General Escobedo', 'Santa Catarina', 'San Pedro Garza García', 'Juárez', 'García', 'Linares']],
  ['OAX', 'Oaxaca', ['Oaxaca de Juárez', 'Salina Cruz', 'Juchitán', 'Tuxtepec', 'Huatulco', 'Puerto Escondido', 'Santa Cruz Xoxocotlán']],
  ['PUE', 'Puebla', ['Puebla', 'Tehuacán', 'San Martín Texmelucan', 'Atlixco', 'San Pedro Cholula', 'San Andrés Cholula', 'Teziutlán']],
  ['QUE', 'Querétaro', ['Querétaro', 'San Juan del Río', 'Corregidora', 'El Marqués', 'Tequisquiapan']],
  ['ROO', 'Quintana Roo', ['Cancún', 'Chetumal', 'Playa del Carmen', 'Cozumel', 'Tulum', 'Felipe Carrillo Puerto', 'Isla Mujeres']],
  ['SLP', 'San Luis Potosí', ['San Luis Potosí', 'Soledad de Graciano Sánchez', 'Ciudad Valles', 'Matehuala', 'Rioverde']],
  ['SIN', 'Sinaloa', ['Culiacán', 'Mazatlán', 'Los Mochis', 'Guasave', 'Guamúchil', 'Navolato']],
  ['SON', 'Sonora', ['Hermosillo', 'Ciudad Obregón', 'Nogales', 'San Luis Río Colorado', 'Navojoa', 'Guaymas', 'Puerto Peñasco']],
  ['TAB', 'Tabasco', ['Villahermosa', 'Cárdenas', 'Comalcalco', 'Huimanguillo', 'Macuspana', 'Paraíso']],
  ['TAM', 'Tamaulipas', ['Reynosa', 'Matamoros', 'Nuevo Laredo', 'Tampico', 'Ciudad Victoria', 'Ciudad Madero', 'Altamira', 'Río Bravo']],
  ['TLA', 'Tlaxcala', ['Tlaxcala', 'Apizaco', 'Huamantla', 'Chiautempan', 'Calpulalpan']],
  ['VER', 'Veracruz', ['Veracruz', 'Xalapa', 'Coatzacoalcos', 'Córdoba', 'Poza Rica', 'Orizaba', 'Boca del Río', 'Minatitlán', 'Tuxpan']],
  ['YUC', 'Yucatán', ['Mérida', 'Valladolid', 'Tizimín', 'Progreso', 'Kanasín', 'Umán']],
  ['ZAC', 'Zacatecas', ['Zacatecas', 'Fresnillo', 'Guadalupe', 'Jerez', 'Río Grande', 'Sombrerete']],
];

const title = (s) => s.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_m, sep, ch) => sep + ch.toUpperCase());

const byState = new Map();
for (const record of Object.values(zipcodes.codes)) {
  if (record.country !== 'US' || !US_STATES[record.state]) continue;
  const counts = byState.get(record.state) ?? new Map();
  counts.set(record.city, (counts.get(record.city) ?? 0) + 1);
  byState.set(record.state, counts);
}
const us = {
  country: 'US',
  states: Object.entries(US_STATES)
    .map(([code, name]) => {
      const counts = [...(byState.get(code) ?? new Map()).entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      const cities = counts.slice(0, CITIES_PER_US_STATE).map(([city]) => (city === city.toUpperCase() ? title(city) : city));
      return { code, name, cities: [...new Set(cities)].sort((a, b) => a.localeCompare(b, 'en')) };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en')),
};
const mx = {
  country: 'MX',
  states: MX_STATES.map(([code, name, cities]) => ({ code, name, cities: [...cities].sort((a, b) => a.localeCompare(b, 'es')) })).sort((a, b) =>
    a.name.localeCompare(b.name, 'es'),
  ),
};
for (const data of [us, mx]) {
  mkdirSync(join(out, data.country), { recursive: true });
  writeFileSync(join(out, data.country, 'states.json'), `${JSON.stringify(data)}\n`);
  console.log(data.country, data.states.length, 'states');
}
