import type { SeedBrand } from './types';
import { slugify } from '@despensa/domain';

/** Where a brand sits on the shelf: it decides where in a family's price range its products fall. */
export type BrandTier = 'economy' | 'standard' | 'premium';

export interface BrandDef {
  name: string;
  tier: BrandTier;
}

/** The chain's own label and its premium line. */
export const HOUSE_BRAND = 'Despensa';
const house: BrandDef = { name: HOUSE_BRAND, tier: 'economy' };
const houseSelect: BrandDef = { name: 'Despensa Selección', tier: 'premium' };

const b = (name: string, tier: BrandTier = 'standard'): BrandDef => ({ name, tier });

/**
 * Invented brands, grouped by the shelves they supply. None is a real company or trademark; the names
 * only sound like the Chilean market (southern dairy cooperatives, valley wineries, pantry labels).
 */
export const BRAND_GROUPS = {
  lacteos: [
    b('Praderas del Sur'),
    b('Lechería Los Ulmos', 'premium'),
    b('Vaca Austral', 'economy'),
    b('Cooperativa Lechera Trapén'),
    b('Lechería El Alerce'),
    house,
  ],
  huevos: [
    b('Granja Los Queltehues'),
    b('Granja Don Evaristo', 'premium'),
    b('Avícola Santa Clara', 'economy'),
    house,
  ],
  vegetal: [b('Verde Vida'), b('Brota', 'premium'), b('Oasis Vegetal', 'economy'), house],
  despensa: [
    b('Doña Tilda'),
    b('Granero Maulino'),
    b('Don Horacio', 'economy'),
    b('Cosecha Criolla'),
    house,
    houseSelect,
  ],
  pastas: [
    b('Molino El Roble'),
    b('Pastificio Valparaíso', 'premium'),
    b('Doña Tilda'),
    b('Pastas Don Giacomo'),
    house,
  ],
  aceites: [
    b('Olivar del Huasco', 'premium'),
    b('Aceitera del Pacífico'),
    b('Don Horacio', 'economy'),
    house,
    houseSelect,
  ],
  salsas: [
    b('Sazón Criollo'),
    b('Don Horacio', 'economy'),
    b('La Cocinera Sureña', 'premium'),
    b('Sabores del Puerto'),
    house,
  ],
  mar: [b('Caleta Brava'), b('Mar Austral', 'premium'), b('Pesquera Bahía Azul', 'economy'), house],
  conservas: [b('Huerto Claro'), b('Valle Hondo'), b('Don Horacio', 'economy'), b('Campo Dorado'), house],
  reposteria: [
    b('Doña Tilda'),
    b('Dulce Hogar'),
    b('Azucarera del Sur', 'economy'),
    b('Abuela Rosa', 'premium'),
    house,
  ],
  condimentos: [
    b('Sazón Criollo'),
    b('Especias del Valle', 'premium'),
    b('Salinas del Pacífico'),
    b('Aliños Doña Berta', 'economy'),
    house,
  ],
  produce: [b('Huerto Despensa'), b('Agrícola Los Maitenes'), b('Frutícola Valle Central')],
  frutosSecos: [b('Nogal del Maipo', 'premium'), b('Frutos del Limarí'), b('Cosecha Criolla'), house],
  carnes: [b('Carnes Pampa Austral'), b('Frigorífico Ñuble Sur', 'premium'), house],
  aves: [b('Avícola Las Brisas'), b('Pollos del Valle'), house],
  cerdo: [b('Granja San Ignacio'), b('Carnes Pampa Austral'), house],
  pescados: [b('Caleta Brava'), b('Mar Austral', 'premium')],
  cecinas: [
    b('Cecinas El Colono'),
    b('Cecinas Don Ramiro', 'premium'),
    b('Cecinas La Vega', 'economy'),
    b('Cecinas Valle Sur'),
    house,
  ],
  quesos: [
    b('Quesería Los Ñadis', 'premium'),
    b('Lechería Los Ulmos', 'premium'),
    b('Praderas del Sur'),
    b('Quesos Lago Sur'),
    house,
  ],
  ropa: [b('Brillasur'), b('Espumil', 'premium'), b('Casa Clara', 'economy'), b('Blancura Total'), house],
  limpieza: [
    b('Brillasur'),
    b('Casa Clara', 'economy'),
    b('Fresco Valle'),
    b('Hogar Limpio', 'premium'),
    house,
  ],
  papeles: [b('Nube Blanca', 'premium'), b('Suavelín'), b('Hoja Suave', 'economy'), house],
  vinos: [
    b('Viña Piedra Azul'),
    b('Viña Alto Copihue', 'premium'),
    b('Viña Quebrada Honda'),
    b('Viña Tres Esteros', 'economy'),
    b('Viña Los Canelos'),
    b('Viña Raíces del Maule', 'premium'),
  ],
  cervezas: [
    b('Cervecería Puerto Sur'),
    b('Lúpulo Austral', 'premium'),
    b('Cervecera Cordillera Negra'),
    b('Birra del Biobío', 'economy'),
    b('Cervecería Isla Grande', 'premium'),
  ],
  pisco: [
    b('Pisquera Quebrada Dorada'),
    b('Pisquera Cerro Verde', 'premium'),
    b('Pisco Tres Valles', 'economy'),
    b('Pisquera Valle Claro'),
  ],
  destilados: [
    b('Destilería Andes Sur'),
    b('Casa Tolva', 'premium'),
    b('Faro Negro', 'economy'),
    b('Destilería Bahía Norte'),
  ],
  perros: [
    b('Can Feliz'),
    b('Perro Andino'),
    b('Patitas del Sur', 'economy'),
    b('Huellas Sur', 'premium'),
    house,
  ],
  gatos: [b('Michi Gourmet', 'premium'), b('Gato Andino'), b('Patitas del Sur', 'economy'), house],
  mascotas: [b('Patitas del Sur', 'economy'), b('Huellas Sur', 'premium'), b('Can Feliz'), house],
  panaderia: [b('Horno Sureño'), b('La Espiga Dorada', 'premium'), b('Horno de Barro'), house],
  panaderiaDelDia: [b('Panadería Despensa')],
  congelados: [
    b('Frío Austral'),
    b('Huerto Helado'),
    b('Polar Sur', 'economy'),
    b('Cosecha Helada', 'premium'),
    house,
  ],
  helados: [
    b('Heladería Glaciar', 'premium'),
    b('Frío Austral'),
    b('Polar Sur', 'economy'),
    b('Pingüino Austral'),
  ],
  bebidas: [
    b('Burbuja Sur'),
    b('Bebidas Tricolor', 'economy'),
    b('Cumbre Andina'),
    b('Refrescos Volcán'),
    house,
  ],
  aguas: [b('Vertiente Andina', 'premium'), b('Manantial Los Pinos'), b('Cumbre Nevada'), house],
  jugos: [b('Huerto Claro'), b('Jugosa', 'economy'), b('Prensado del Valle', 'premium'), house],
  cafe: [b('Tostaduría Andina', 'premium'), b('Café Altura Sur'), b('Café Puerto Grano'), house],
  te: [b('Tetera Austral'), b('Hierbas del Sur'), b('Jardín Austral', 'premium'), house],
  cereales: [b('Granero Maulino'), b('Avenas del Sur'), b('Crujiente Mañana', 'economy'), house],
  dulces: [
    b('Confites Alegría', 'economy'),
    b('Chocolatería Volcán', 'premium'),
    b('Dulcería Los Andes'),
    b('Golosinas Arcoíris'),
    house,
  ],
  galletas: [
    b('Doña Chela'),
    b('Horno Sureño'),
    b('Crujiente Mañana', 'economy'),
    b('Galletería San Telmo', 'premium'),
    house,
  ],
  snacks: [b('Crujientes del Sur'), b('Papas Cordilleranas'), b('Snack Cordillera', 'economy'), house],
  saludable: [b('Verde Vida'), b('Libre Vida', 'premium'), b('Brota', 'premium'), b('Nutri Sur')],
  cuidadoPersonal: [
    b('Piel Nativa'),
    b('Frescor', 'economy'),
    b('Andina Care'),
    b('Mosqueta Sur', 'premium'),
    b('Dermasur'),
    house,
  ],
  bebes: [b('Pequeñín'), b('Nubecita', 'premium'), b('Mi Tesoro', 'economy'), house],
  hogar: [b('Casa Clara', 'economy'), b('Hogar Práctico'), b('Casa Austral'), house],
  electro: [b('Luz Austral'), b('Energía Andina', 'premium'), house],
  parrilla: [b('Fogón Criollo'), b('Brasas del Sur'), b('Carbonería El Espino', 'economy'), house],
} as const satisfies Record<string, readonly BrandDef[]>;

export type BrandGroup = keyof typeof BRAND_GROUPS;

export interface BrandCatalogue {
  brands: SeedBrand[];
  /** Brand ids per group, in the group's order. */
  idsByGroup: Record<BrandGroup, number[]>;
  tierById: Map<number, BrandTier>;
}

/** One SeedBrand per distinct name, ids from 1 in order of first appearance. */
export function buildBrands(): BrandCatalogue {
  const brands: SeedBrand[] = [];
  const idByName = new Map<string, number>();
  const tierById = new Map<number, BrandTier>();
  const idsByGroup = {} as Record<BrandGroup, number[]>;
  for (const [group, defs] of Object.entries(BRAND_GROUPS) as [BrandGroup, readonly BrandDef[]][]) {
    idsByGroup[group] = defs.map((def) => {
      let id = idByName.get(def.name);
      if (id === undefined) {
        id = brands.length + 1;
        idByName.set(def.name, id);
        tierById.set(id, def.tier);
        brands.push({ id, name: def.name, slug: slugify(def.name) });
      }
      return id;
    });
  }
  return { brands, idsByGroup, tierById };
}
