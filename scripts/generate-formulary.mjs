#!/usr/bin/env node
/**
 * Generates apps/api/src/providers/medications/formulary.json: the local medication directory of
 * common outpatient medicines (issue 12). Each row is an RxNorm clinical drug (SCD): its RxCUI,
 * ingredient, strength and dose form, with the route, a drug class for the allergy check and the
 * DEA schedule (controlled substances are listed so the directory can refuse them).
 *
 * Source: public RxNorm facts (U.S. National Library of Medicine, RxNorm SCD concepts and names
 * as published through RxNav), transcribed by hand without network access. Codes should be
 * checked against RxNav before a production launch:
 *
 *   node scripts/generate-formulary.mjs            # writes the JSON
 *   node scripts/generate-formulary.mjs --verify   # asks RxNav for each RxCUI and lists names that differ
 *
 * Columns: rxcui, ingredient, strength, dose form, route, drug class, schedule, dispense unit.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TAB = ['Oral Tablet', 'oral', 'tablet'];
const CAP = ['Oral Capsule', 'oral', 'capsule'];
const SUSP = ['Oral Suspension', 'oral', 'mL'];
const SOL = ['Oral Solution', 'oral', 'mL'];
const ER = ['Extended Release Oral Tablet', 'oral', 'tablet'];
const DR_CAP = ['Delayed Release Oral Capsule', 'oral', 'capsule'];
const DR_TAB = ['Delayed Release Oral Tablet', 'oral', 'tablet'];
const CREAM = ['Topical Cream', 'topical', 'g'];
const OINT = ['Topical Ointment', 'topical', 'g'];
const GEL = ['Topical Gel', 'topical', 'g'];
const OPH = ['Ophthalmic Solution', 'ophthalmic', 'drop'];
const OTIC = ['Otic Suspension', 'otic', 'drop'];
const NASAL = ['Metered Dose Nasal Spray', 'nasal', 'spray'];
const INH = ['Metered Dose Inhaler', 'inhalation', 'puff'];
const VAG = ['Vaginal Cream', 'vaginal', 'g'];
const ODT = ['Disintegrating Oral Tablet', 'oral', 'tablet'];
const CHEW = ['Chewable Tablet', 'oral', 'tablet'];

/** [ingredient, class, schedule, [[rxcui, strength, form], ...]] */
const SOURCE = [
  ['amoxicillin', 'penicillin', null, [['308182', '250 MG', CAP], ['308191', '500 MG', CAP], ['308192', '875 MG', TAB], ['308189', '250 MG/5ML', SUSP], ['308188', '400 MG/5ML', SUSP], ['313797', '200 MG/5ML', SUSP]]],
  ['amoxicillin / clavulanate', 'penicillin', null, [['562508', '875 MG / 125 MG', TAB], ['617296', '500 MG / 125 MG', TAB], ['617993', '400 MG / 57 MG per 5 ML', SUSP]]],
  ['penicillin V potassium', 'penicillin', null, [['834102', '500 MG', TAB], ['834061', '250 MG', TAB]]],
  ['dicloxacillin', 'penicillin', null, [['197650', '500 MG', CAP], ['197649', '250 MG', CAP]]],
  ['cephalexin', 'cephalosporin', null, [['309114', '500 MG', CAP], ['309112', '250 MG', CAP], ['309110', '250 MG/5ML', SUSP]]],
  ['cefadroxil', 'cephalosporin', null, [['309054', '500 MG', CAP]]],
  ['cefuroxime axetil', 'cephalosporin', null, [['309097', '500 MG', TAB], ['309096', '250 MG', TAB]]],
  ['cefdinir', 'cephalosporin', null, [['200346', '300 MG', CAP], ['309080', '250 MG/5ML', SUSP]]],
  ['cefpodoxime', 'cephalosporin', null, [['309088', '200 MG', TAB]]],
  ['azithromycin', 'macrolide', null, [['308460', '250 MG', TAB], ['248656', '500 MG', TAB], ['141963', '200 MG/5ML', SUSP]]],
  ['clarithromycin', 'macrolide', null, [['197517', '500 MG', TAB], ['197516', '250 MG', TAB]]],
  ['erythromycin', 'macrolide', null, [['686418', '250 MG', DR_TAB], ['686354', '500 MG', TAB]]],
  ['ciprofloxacin', 'fluoroquinolone', null, [['197511', '500 MG', TAB], ['197512', '250 MG', TAB], ['197513', '750 MG', TAB]]],
  ['levofloxacin', 'fluoroquinolone', null, [['311296', '500 MG', TAB], ['311297', '750 MG', TAB], ['199884', '250 MG', TAB]]],
  ['sulfamethoxazole / trimethoprim', 'sulfonamide', null, [['198335', '800 MG / 160 MG', TAB], ['198334', '400 MG / 80 MG', TAB], ['313134', '200 MG / 40 MG per 5 ML', SUSP]]],
  ['doxycycline hyclate', 'tetracycline', null, [['1649988', '100 MG', CAP], ['1650143', '100 MG', TAB]]],
  ['minocycline', 'tetracycline', null, [['197984', '100 MG', CAP], ['197985', '50 MG', CAP]]],
  ['nitrofurantoin monohydrate / macrocrystals', 'nitrofuran', null, [['1648755', '100 MG', CAP]]],
  ['metronidazole', 'nitroimidazole', null, [['311683', '500 MG', TAB], ['311681', '250 MG', TAB], ['142132', '0.75 %', GEL]]],
  ['tinidazole', 'nitroimidazole', null, [['312040', '500 MG', TAB]]],
  ['clindamycin', 'lincosamide', null, [['197518', '150 MG', CAP], ['284215', '300 MG', CAP], ['562266', '1 %', GEL]]],
  ['ibuprofen', 'nsaid', null, [['197805', '400 MG', TAB], ['197806', '600 MG', TAB], ['197807', '800 MG', TAB], ['310965', '200 MG', TAB], ['197803', '100 MG/5ML', SUSP]]],
  ['naproxen', 'nsaid', null, [['198013', '500 MG', TAB], ['198012', '375 MG', TAB], ['198011', '250 MG', TAB]]],
  ['naproxen sodium', 'nsaid', null, [['849574', '550 MG', TAB], ['849727', '275 MG', TAB]]],
  ['meloxicam', 'nsaid', null, [['197929', '15 MG', TAB], ['197928', '7.5 MG', TAB]]],
  ['diclofenac sodium', 'nsaid', null, [['855908', '75 MG', DR_TAB], ['855926', '50 MG', DR_TAB], ['855635', '1 %', GEL]]],
  ['diclofenac potassium', 'nsaid', null, [['855942', '50 MG', TAB]]],
  ['celecoxib', 'nsaid', null, [['205323', '200 MG', CAP], ['205322', '100 MG', CAP]]],
  ['ketorolac', 'nsaid', null, [['834022', '10 MG', TAB]]],
  ['aspirin', 'nsaid', null, [['243670', '81 MG', CHEW], ['198467', '325 MG', TAB]]],
  ['acetaminophen', 'analgesic', null, [['313782', '325 MG', TAB], ['198440', '500 MG', TAB], ['307668', '160 MG/5ML', SOL]]],
  ['tramadol', 'opioid', 'CIV', [['835603', '50 MG', TAB]]],
  ['hydrocodone / acetaminophen', 'opioid', 'CII', [['856999', '5 MG / 325 MG', TAB], ['857005', '10 MG / 325 MG', TAB]]],
  ['oxycodone', 'opioid', 'CII', [['1049621', '5 MG', TAB]]],
  ['acetaminophen / codeine', 'opioid', 'CIII', [['993781', '300 MG / 30 MG', TAB]]],
  ['alprazolam', 'benzodiazepine', 'CIV', [['308047', '0.25 MG', TAB], ['308048', '0.5 MG', TAB], ['308049', '1 MG', TAB]]],
  ['lorazepam', 'benzodiazepine', 'CIV', [['197900', '0.5 MG', TAB], ['197901', '1 MG', TAB]]],
  ['clonazepam', 'benzodiazepine', 'CIV', [['197527', '0.5 MG', TAB], ['197528', '1 MG', TAB]]],
  ['diazepam', 'benzodiazepine', 'CIV', [['197589', '5 MG', TAB], ['197590', '10 MG', TAB]]],
  ['zolpidem', 'other', 'CIV', [['854873', '10 MG', TAB], ['854869', '5 MG', TAB]]],
  ['methylphenidate', 'stimulant', 'CII', [['1091133', '10 MG', TAB]]],
  ['amphetamine / dextroamphetamine', 'stimulant', 'CII', [['541892', '10 MG', TAB], ['541878', '20 MG', TAB]]],
  ['pregabalin', 'anticonvulsant', 'CV', [['483440', '75 MG', CAP], ['483438', '50 MG', CAP]]],
  ['lisinopril', 'ace-inhibitor', null, [['314076', '10 MG', TAB], ['314077', '20 MG', TAB], ['311354', '5 MG', TAB], ['197884', '40 MG', TAB], ['311353', '2.5 MG', TAB]]],
  ['enalapril', 'ace-inhibitor', null, [['858813', '10 MG', TAB], ['858817', '20 MG', TAB], ['858810', '5 MG', TAB]]],
  ['losartan', 'arb', null, [['979485', '25 MG', TAB], ['979480', '50 MG', TAB], ['979492', '100 MG', TAB]]],
  ['valsartan', 'arb', null, [['349199', '80 MG', TAB], ['349200', '160 MG', TAB], ['349201', '320 MG', TAB]]],
  ['olmesartan', 'arb', null, [['349401', '20 MG', TAB], ['349405', '40 MG', TAB]]],
  ['metoprolol tartrate', 'beta-blocker', null, [['866514', '25 MG', TAB], ['866511', '50 MG', TAB], ['866924', '100 MG', TAB]]],
  ['metoprolol succinate', 'beta-blocker', null, [['866436', '25 MG', ER], ['866412', '50 MG', ER], ['866419', '100 MG', ER]]],
  ['atenolol', 'beta-blocker', null, [['197381', '25 MG', TAB], ['197380', '50 MG', TAB], ['197379', '100 MG', TAB]]],
  ['carvedilol', 'beta-blocker', null, [['200031', '6.25 MG', TAB], ['200032', '12.5 MG', TAB], ['686924', '3.125 MG', TAB], ['200033', '25 MG', TAB]]],
  ['propranolol', 'beta-blocker', null, [['856448', '10 MG', TAB], ['856457', '20 MG', TAB], ['856481', '40 MG', TAB]]],
  ['amlodipine', 'calcium-channel-blocker', null, [['308135', '2.5 MG', TAB], ['197361', '5 MG', TAB], ['308136', '10 MG', TAB]]],
  ['nifedipine', 'calcium-channel-blocker', null, [['198034', '30 MG', ER], ['198035', '60 MG', ER]]],
  ['diltiazem', 'calcium-channel-blocker', null, [['830837', '120 MG', ['Extended Release Oral Capsule', 'oral', 'capsule']]]],
  ['hydrochlorothiazide', 'thiazide', null, [['310798', '25 MG', TAB], ['197770', '12.5 MG', CAP], ['310797', '50 MG', TAB]]],
  ['chlorthalidone', 'thiazide', null, [['197499', '25 MG', TAB]]],
  ['furosemide', 'loop-diuretic', null, [['310429', '20 MG', TAB], ['197417', '40 MG', TAB], ['197418', '80 MG', TAB]]],
  ['spironolactone', 'other', null, [['313096', '25 MG', TAB], ['198222', '50 MG', TAB]]],
  ['lisinopril / hydrochlorothiazide', 'ace-inhibitor', null, [['197886', '20 MG / 12.5 MG', TAB], ['197885', '10 MG / 12.5 MG', TAB]]],
  ['losartan / hydrochlorothiazide', 'arb', null, [['979471', '50 MG / 12.5 MG', TAB]]],
  ['atorvastatin', 'statin', null, [['617312', '10 MG', TAB], ['617310', '20 MG', TAB], ['617311', '40 MG', TAB], ['259255', '80 MG', TAB]]],
  ['simvastatin', 'statin', null, [['314231', '10 MG', TAB], ['198211', '20 MG', TAB], ['197904', '40 MG', TAB]]],
  ['rosuvastatin', 'statin', null, [['859424', '5 MG', TAB], ['859419', '10 MG', TAB], ['859751', '20 MG', TAB], ['859747', '40 MG', TAB]]],
  ['pravastatin', 'statin', null, [['904475', '20 MG', TAB], ['904481', '40 MG', TAB]]],
  ['metformin', 'biguanide', null, [['861007', '500 MG', TAB], ['861004', '850 MG', TAB], ['861010', '1000 MG', TAB], ['860975', '500 MG', ER], ['860981', '750 MG', ER]]],
  ['glipizide', 'sulfonylurea', null, [['310489', '5 MG', TAB], ['310490', '10 MG', TAB]]],
  ['glimepiride', 'sulfonylurea', null, [['199246', '1 MG', TAB], ['199247', '2 MG', TAB], ['153843', '4 MG', TAB]]],
  ['sitagliptin', 'dpp4-inhibitor', null, [['665033', '100 MG', TAB], ['665038', '50 MG', TAB]]],
  ['empagliflozin', 'sglt2-inhibitor', null, [['1545658', '10 MG', TAB], ['1545664', '25 MG', TAB]]],
  ['levothyroxine', 'thyroid', null, [['966222', '25 MCG', TAB], ['966247', '50 MCG', TAB], ['966158', '75 MCG', TAB], ['966224', '100 MCG', TAB], ['966249', '112 MCG', TAB], ['892246', '125 MCG', TAB]]],
  ['omeprazole', 'ppi', null, [['402014', '20 MG', DR_CAP], ['200329', '40 MG', DR_CAP], ['198051', '10 MG', DR_CAP]]],
  ['pantoprazole', 'ppi', null, [['314200', '40 MG', DR_TAB], ['261257', '20 MG', DR_TAB]]],
  ['esomeprazole', 'ppi', null, [['606726', '40 MG', DR_CAP], ['606730', '20 MG', DR_CAP]]],
  ['lansoprazole', 'ppi', null, [['311277', '30 MG', DR_CAP], ['311276', '15 MG', DR_CAP]]],
  ['famotidine', 'h2-blocker', null, [['310273', '20 MG', TAB], ['310274', '40 MG', TAB]]],
  ['ondansetron', 'antiemetic', null, [['312086', '4 MG', ODT], ['312087', '8 MG', ODT], ['198052', '4 MG', TAB], ['312085', '8 MG', TAB]]],
  ['promethazine', 'antiemetic', null, [['198239', '25 MG', TAB], ['198238', '12.5 MG', TAB]]],
  ['metoclopramide', 'antiemetic', null, [['311666', '10 MG', TAB]]],
  ['dicyclomine', 'other', null, [['991061', '20 MG', TAB], ['991086', '10 MG', CAP]]],
  ['loperamide', 'other', null, [['978010', '2 MG', CAP]]],
  ['polyethylene glycol 3350', 'other', null, [['876193', '17 GM', ['Powder for Oral Solution', 'oral', 'g']]]],
  ['docusate sodium', 'other', null, [['1247398', '100 MG', CAP]]],
  ['cetirizine', 'antihistamine', null, [['1014678', '10 MG', TAB], ['1014676', '5 MG', TAB]]],
  ['loratadine', 'antihistamine', null, [['311372', '10 MG', TAB]]],
  ['fexofenadine', 'antihistamine', null, [['997501', '180 MG', TAB], ['997488', '60 MG', TAB]]],
  ['diphenhydramine', 'antihistamine', null, [['1049630', '25 MG', CAP]]],
  ['hydroxyzine hydrochloride', 'antihistamine', null, [['995218', '25 MG', TAB], ['995253', '10 MG', TAB], ['995285', '50 MG', TAB]]],
  ['hydroxyzine pamoate', 'antihistamine', null, [['995232', '25 MG', CAP]]],
  ['montelukast', 'leukotriene-antagonist', null, [['997488x', '10 MG', TAB]]],
  ['fluticasone propionate', 'corticosteroid', null, [['895994', '0.05 MG/ACTUAT', NASAL], ['896018', '0.044 MG/ACTUAT', INH], ['309151', '0.05 %', CREAM]]],
  ['mometasone', 'corticosteroid', null, [['311757', '0.05 MG/ACTUAT', NASAL], ['311754', '0.1 %', CREAM]]],
  ['prednisone', 'corticosteroid', null, [['312617', '20 MG', TAB], ['312615', '10 MG', TAB], ['198145', '5 MG', TAB], ['312614', '50 MG', TAB]]],
  ['methylprednisolone', 'corticosteroid', null, [['259966', '4 MG', TAB]]],
  ['dexamethasone', 'corticosteroid', null, [['197582', '4 MG', TAB], ['197579', '0.5 MG', TAB]]],
  ['hydrocortisone', 'corticosteroid', null, [['106258', '1 %', CREAM], ['310864', '2.5 %', CREAM]]],
  ['triamcinolone acetonide', 'corticosteroid', null, [['106228', '0.1 %', CREAM], ['106229', '0.1 %', OINT], ['313357', '0.025 %', CREAM]]],
  ['clobetasol propionate', 'corticosteroid', null, [['861460', '0.05 %', CREAM], ['861466', '0.05 %', OINT]]],
  ['albuterol', 'bronchodilator', null, [['745679', '0.09 MG/ACTUAT', INH], ['197318', '2 MG', TAB]]],
  ['ipratropium', 'bronchodilator', null, [['836358', '0.021 MG/ACTUAT', NASAL]]],
  ['budesonide / formoterol', 'corticosteroid', null, [['1246306', '0.16 MG / 0.0045 MG per ACTUAT', INH]]],
  ['benzonatate', 'other', null, [['202433', '100 MG', CAP], ['283417', '200 MG', CAP]]],
  ['guaifenesin', 'other', null, [['1356807', '600 MG', ER]]],
  ['sertraline', 'ssri', null, [['312940', '25 MG', TAB], ['312941', '50 MG', TAB], ['312938', '100 MG', TAB]]],
  ['fluoxetine', 'ssri', null, [['310384', '10 MG', CAP], ['310385', '20 MG', CAP], ['313989', '40 MG', CAP]]],
  ['escitalopram', 'ssri', null, [['349332', '10 MG', TAB], ['351249', '5 MG', TAB], ['351250', '20 MG', TAB]]],
  ['citalopram', 'ssri', null, [['200371', '20 MG', TAB], ['283672', '10 MG', TAB], ['200370', '40 MG', TAB]]],
  ['paroxetine', 'ssri', null, [['312242', '20 MG', TAB], ['312243', '10 MG', TAB]]],
  ['venlafaxine', 'snri', null, [['313580', '75 MG', ['24 HR Extended Release Oral Capsule', 'oral', 'capsule']], ['313583', '37.5 MG', ['24 HR Extended Release Oral Capsule', 'oral', 'capsule']]]],
  ['duloxetine', 'snri', null, [['596930', '30 MG', DR_CAP], ['596934', '60 MG', DR_CAP]]],
  ['bupropion', 'antidepressant', null, [['993541', '150 MG', ['24 HR Extended Release Oral Tablet', 'oral', 'tablet']], ['993557', '300 MG', ['24 HR Extended Release Oral Tablet', 'oral', 'tablet']]]],
  ['trazodone', 'antidepressant', null, [['856369', '50 MG', TAB], ['856373', '100 MG', TAB]]],
  ['mirtazapine', 'antidepressant', null, [['311725', '15 MG', TAB], ['311726', '30 MG', TAB]]],
  ['amitriptyline', 'antidepressant', null, [['856845', '10 MG', TAB], ['856834', '25 MG', TAB]]],
  ['buspirone', 'other', null, [['866050', '10 MG', TAB], ['866053', '15 MG', TAB], ['866080', '5 MG', TAB]]],
  ['gabapentin', 'anticonvulsant', null, [['310430', '100 MG', CAP], ['310431', '300 MG', CAP], ['310432', '400 MG', CAP], ['310433', '600 MG', TAB]]],
  ['lamotrigine', 'anticonvulsant', null, [['198429', '25 MG', TAB], ['198430', '100 MG', TAB]]],
  ['topiramate', 'anticonvulsant', null, [['199888', '25 MG', TAB], ['199890', '50 MG', TAB]]],
  ['acyclovir', 'antiviral', null, [['197311', '400 MG', TAB], ['197312', '800 MG', TAB], ['307730', '200 MG', CAP]]],
  ['valacyclovir', 'antiviral', null, [['313888', '500 MG', TAB], ['313889', '1000 MG', TAB]]],
  ['oseltamivir', 'antiviral', null, [['261315', '75 MG', CAP]]],
  ['fluconazole', 'antifungal', null, [['197698', '150 MG', TAB], ['197696', '100 MG', TAB]]],
  ['terbinafine', 'antifungal', null, [['199283', '250 MG', TAB], ['1045510', '1 %', CREAM]]],
  ['clotrimazole', 'antifungal', null, [['198280', '1 %', CREAM], ['198282', '10 MG', ['Oral Troche', 'oral', 'tablet']]]],
  ['ketoconazole', 'antifungal', null, [['198149', '2 %', CREAM]]],
  ['miconazole', 'antifungal', null, [['310928', '2 %', VAG]]],
  ['nystatin', 'antifungal', null, [['315185', '100000 UNT/ML', SUSP], ['312439', '100000 UNT/GM', CREAM]]],
  ['norethindrone / ethinyl estradiol', 'contraceptive', null, [['238015', '1 MG / 0.035 MG', TAB]]],
  ['levonorgestrel / ethinyl estradiol', 'contraceptive', null, [['748962', '0.15 MG / 0.03 MG', TAB]]],
  ['norgestimate / ethinyl estradiol', 'contraceptive', null, [['1359133', '0.25 MG / 0.035 MG', TAB]]],
  ['norethindrone', 'contraceptive', null, [['198042', '0.35 MG', TAB]]],
  ['levonorgestrel', 'contraceptive', null, [['1666780', '1.5 MG', TAB]]],
  ['sumatriptan', 'triptan', null, [['313167', '50 MG', TAB], ['313168', '100 MG', TAB], ['313162', '25 MG', TAB]]],
  ['rizatriptan', 'triptan', null, [['312036', '10 MG', TAB], ['312039', '10 MG', ODT]]],
  ['cyclobenzaprine', 'muscle-relaxant', null, [['828320', '5 MG', TAB], ['828348', '10 MG', TAB]]],
  ['methocarbamol', 'muscle-relaxant', null, [['197943', '500 MG', TAB], ['197944', '750 MG', TAB]]],
  ['tizanidine', 'muscle-relaxant', null, [['313391', '4 MG', TAB], ['313390', '2 MG', TAB]]],
  ['baclofen', 'muscle-relaxant', null, [['197446', '10 MG', TAB], ['197447', '20 MG', TAB]]],
  ['warfarin', 'anticoagulant', null, [['855332', '5 MG', TAB], ['855296', '1 MG', TAB]]],
  ['apixaban', 'anticoagulant', null, [['1364445', '5 MG', TAB], ['1364435', '2.5 MG', TAB]]],
  ['clopidogrel', 'anticoagulant', null, [['309362', '75 MG', TAB]]],
  ['tamsulosin', 'urinary', null, [['863669', '0.4 MG', CAP]]],
  ['phenazopyridine', 'urinary', null, [['1094107', '200 MG', TAB], ['1094108', '100 MG', TAB]]],
  ['oxybutynin', 'urinary', null, [['863619', '5 MG', TAB]]],
  ['finasteride', 'urinary', null, [['310346', '5 MG', TAB], ['310345', '1 MG', TAB]]],
  ['sildenafil', 'other', null, [['312950', '50 MG', TAB], ['312951', '100 MG', TAB], ['312949', '20 MG', TAB]]],
  ['tadalafil', 'other', null, [['358263', '5 MG', TAB], ['358264', '20 MG', TAB]]],
  ['mupirocin', 'dermatologic', null, [['106346', '2 %', OINT]]],
  ['bacitracin', 'dermatologic', null, [['1043021', '500 UNT/GM', OINT]]],
  ['silver sulfadiazine', 'sulfonamide', null, [['106351', '1 %', CREAM]]],
  ['tretinoin', 'dermatologic', null, [['308722', '0.025 %', CREAM], ['308723', '0.05 %', CREAM]]],
  ['benzoyl peroxide', 'dermatologic', null, [['1116145', '5 %', GEL]]],
  ['permethrin', 'dermatologic', null, [['197994', '5 %', CREAM]]],
  ['ketoconazole shampoo', 'antifungal', null, [['198150', '2 %', ['Medicated Shampoo', 'topical', 'mL']]]],
  ['erythromycin ophthalmic', 'macrolide', null, [['309032', '5 MG/GM', ['Ophthalmic Ointment', 'ophthalmic', 'g']]]],
  ['polymyxin B / trimethoprim', 'ophthalmic-antibiotic', null, [['312817', '10000 UNT/ML / 1 MG/ML', OPH]]],
  ['moxifloxacin ophthalmic', 'fluoroquinolone', null, [['404473', '5 MG/ML', OPH]]],
  ['ofloxacin', 'fluoroquinolone', null, [['312075', '3 MG/ML', OPH], ['198049', '3 MG/ML', ['Otic Solution', 'otic', 'drop']]]],
  ['ciprofloxacin / dexamethasone', 'fluoroquinolone', null, [['404630', '3 MG/ML / 1 MG/ML', OTIC]]],
  ['neomycin / polymyxin B / hydrocortisone', 'other', null, [['308479', 'otic', OTIC]]],
  ['olopatadine', 'antihistamine', null, [['403920', '1 MG/ML', OPH]]],
  ['ketotifen', 'antihistamine', null, [['314257', '0.25 MG/ML', OPH]]],
  ['artificial tears (carboxymethylcellulose)', 'other', null, [['829802', '5 MG/ML', OPH]]],
  ['allopurinol', 'other', null, [['197319', '100 MG', TAB], ['197320', '300 MG', TAB]]],
  ['colchicine', 'other', null, [['197541', '0.6 MG', TAB]]],
  ['folic acid', 'other', null, [['310410', '1 MG', TAB]]],
  ['ferrous sulfate', 'other', null, [['310325', '325 MG', TAB]]],
  ['vitamin D (ergocalciferol)', 'other', null, [['316964', '50000 UNT', CAP]]],
  ['potassium chloride', 'other', null, [['628958', '20 MEQ', ER]]],
  ['meclizine', 'antihistamine', null, [['995624', '25 MG', TAB], ['995666', '12.5 MG', TAB]]],
  ['scopolamine', 'antiemetic', null, [['312101', '1 MG/72HR', ['72 HR Transdermal System', 'transdermal', 'patch']]]],
  ['nicotine', 'other', null, [['198030', '21 MG/24HR', ['24 HR Transdermal System', 'transdermal', 'patch']], ['359817', '2 MG', ['Chewing Gum', 'oral', 'unit']]]],
  ['varenicline', 'other', null, [['636676', '1 MG', TAB], ['636671', '0.5 MG', TAB]]],
  ['naltrexone', 'other', null, [['197980', '50 MG', TAB]]],
  ['hydroxychloroquine', 'other', null, [['979092', '200 MG', TAB]]],
  ['methotrexate', 'other', null, [['105585', '2.5 MG', TAB]]],
  ['estradiol', 'other', null, [['197657', '1 MG', TAB], ['197658', '2 MG', TAB]]],
  ['medroxyprogesterone', 'other', null, [['197725', '10 MG', TAB]]],
  ['metronidazole vaginal', 'nitroimidazole', null, [['311680', '0.75 %', ['Vaginal Gel', 'vaginal', 'g']]]],
  ['terconazole', 'antifungal', null, [['313335', '0.4 %', VAG]]],
  ['lidocaine', 'other', null, [['1011700', '5 %', OINT], ['1011705', '4 %', CREAM]]],
  ['capsaicin', 'other', null, [['1007423', '0.025 %', CREAM]]],
  ['simethicone', 'other', null, [['198272', '80 MG', CHEW]]],
  ['sucralfate', 'other', null, [['314155', '1 GM', TAB]]],
  ['misoprostol', 'other', null, [['197963', '200 MCG', TAB]]],
  ['prochlorperazine', 'antiemetic', null, [['312018', '10 MG', TAB]]],
  ['doxylamine / pyridoxine', 'antiemetic', null, [['1362967', '10 MG / 10 MG', DR_TAB]]],
];

export function buildFormulary() {
  const seen = new Set();
  const entries = [];
  for (const [ingredient, drugClass, schedule, forms] of SOURCE) {
    for (const [rxcui, strength, [doseForm, route, dispenseUnit]] of forms) {
      // A code that is not all digits is a placeholder the author could not recall: left out.
      if (!/^\d+$/.test(rxcui) || seen.has(rxcui)) continue;
      seen.add(rxcui);
      entries.push({ rxcui, name: `${ingredient} ${strength} ${doseForm}`, ingredient, strength, doseForm, route, drugClass, schedule, dispenseUnit });
    }
  }
  return entries;
}

async function verify(entries) {
  let differing = 0;
  for (const e of entries) {
    const res = await fetch(`https://rxnav.nlm.nih.gov/REST/rxcui/${e.rxcui}/properties.json`);
    const name = (await res.json())?.properties?.name;
    if (!name || name.toLowerCase() !== e.name.toLowerCase()) {
      differing++;
      console.log(`${e.rxcui}\t${e.name}\t-> ${name ?? '(unknown)'}`);
    }
  }
  console.log(`${differing} of ${entries.length} differ`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const entries = buildFormulary();
  if (process.argv.includes('--verify')) {
    await verify(entries);
  } else {
    const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/src/providers/medications/formulary.json');
    const file = {
      source: 'RxNorm (U.S. National Library of Medicine) clinical drug (SCD) concepts: RxCUI, ingredient, strength, dose form; transcribed from public RxNorm facts by scripts/generate-formulary.mjs. Drug class and DEA schedule added for the allergy and controlled-substance checks. Verify with --verify against RxNav before production.',
      generatedOn: '2026-11-24',
      generator: 'scripts/generate-formulary.mjs',
      count: entries.length,
      entries,
    };
    writeFileSync(out, `${JSON.stringify(file, null, 1)}\n`);
    console.log(`wrote ${entries.length} entries to ${out}`);
  }
}
